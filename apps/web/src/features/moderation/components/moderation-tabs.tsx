import Nav from 'react-bootstrap/Nav';
import { Link, type To } from 'react-router';
import { paths } from '../../../config/paths';
import { moderationFilterQuery, readModerationFilter } from '../moderation-filter';

export interface ModerationTab {
  label: string;
  to: To;
  current: boolean;
}

/** The enquiry reports' tab, after the lists of businesses. */
export function enquiryReportsTab(current: boolean): ModerationTab {
  return { label: 'Enquiry reports', to: paths.moderationEnquiries.getHref(), current };
}

/** The reviews' tab: reported, held and flagged reviews, after the enquiry reports. */
export function reviewsTab(current: boolean): ModerationTab {
  return { label: 'Reviews', to: paths.moderationReviews.getHref(), current };
}

/** The tabs of the lists of businesses, from another page than theirs. */
export function businessListTabs(): ModerationTab[] {
  const queue = readModerationFilter(new URLSearchParams());
  return [
    { label: 'Queue', to: paths.moderation.getHref(), current: false },
    {
      label: 'All businesses',
      to: { pathname: paths.moderation.getHref(), search: moderationFilterQuery({ ...queue, view: 'all' }) },
      current: false,
    },
  ];
}

/** The lists a moderator decides on: businesses waiting, every business, the enquiries and the reviews to weigh. */
export function ModerationTabs({ tabs }: { tabs: ModerationTab[] }) {
  return (
    <nav aria-label="Moderation lists">
      <Nav variant="tabs" className="mb-4" as="ul">
        {tabs.map((tab) => (
          <Nav.Item as="li" key={tab.label}>
            <Nav.Link as={Link} to={tab.to} active={tab.current} aria-current={tab.current ? 'page' : undefined}>
              {tab.label}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
    </nav>
  );
}
