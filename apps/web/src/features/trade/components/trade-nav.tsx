import Badge from 'react-bootstrap/Badge';
import Nav from 'react-bootstrap/Nav';
import { NavLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useReceivedEnquiriesQuery } from '../enquiries/enquiries-api';
import { ENQUIRIES_PAGE_SIZE, unreadCount } from '../enquiries/folders';

/** The side links of the business pages, with SPEC §2's names; Enquiries tells how many are unread. */
export function TradeNav({ tradeId }: { tradeId: string }) {
  const links = [
    ['Profile', paths.tradeProfile.getHref()],
    ['Enquiries', paths.tradeEnquiries.getHref()],
    ['Reviews', paths.tradeReviews.getHref()],
    ['Address', paths.tradeAddress.getHref(tradeId)],
    ['SocialMedia', paths.tradeMedia.getHref(tradeId)],
    ['Offers', paths.tradeOffers.getHref(tradeId)],
    ['Settings', paths.tradeSetting.getHref(tradeId)],
  ] as const;
  return (
    <Nav variant="pills" className="flex-column" as="ul" aria-label="Business pages">
      {links.map(([name, href]) => (
        <Nav.Item as="li" key={name}>
          <Nav.Link as={NavLink} to={href}>
            {name}
            {name === 'Enquiries' && <UnreadEnquiries />}
          </Nav.Link>
        </Nav.Item>
      ))}
    </Nav>
  );
}

/** The same request as the New folder's first page, so the two share one answer. */
function UnreadEnquiries() {
  const { data } = useReceivedEnquiriesQuery({ folder: 'NEW', page: 0, size: ENQUIRIES_PAGE_SIZE });
  const unread = data ? unreadCount(data.counts) : 0;
  if (unread === 0) return null;
  return (
    <>
      {' '}
      <Badge bg="danger" pill className="ms-1">
        {unread}
      </Badge>{' '}
      <span className="visually-hidden">unread</span>
    </>
  );
}
