import Nav from 'react-bootstrap/Nav';
import { NavLink } from 'react-router';
import { paths } from '../../../config/paths';

/** The side links of the business pages, with SPEC §2's names. */
export function TradeNav({ tradeId }: { tradeId: string }) {
  const links = [
    ['Profile', paths.tradeProfile.getHref()],
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
          </Nav.Link>
        </Nav.Item>
      ))}
    </Nav>
  );
}
