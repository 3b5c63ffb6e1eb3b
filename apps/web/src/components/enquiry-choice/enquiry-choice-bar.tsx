import { ENQUIRY_MAX_BUSINESSES } from '@churchtrades/shared/constants';
import Button from 'react-bootstrap/Button';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { cameFromState } from '../../lib/came-from';
import { chooseBusiness, clearEnquiryChoice, useEnquiryChoice } from '../../lib/enquiry-choice';

/**
 * "Ask 2 businesses": the ticked businesses, each with a way to untick it, and the way to the one message (which
 * leads back to this search).
 */
export function EnquiryChoiceBar() {
  const choice = useEnquiryChoice();
  const location = useLocation();
  if (choice.length === 0) return null;
  const count = choice.length === 1 ? '1 business' : `${choice.length} businesses`;
  return (
    <section
      aria-label="Businesses to ask"
      className="sticky-bottom bg-body border rounded shadow-sm p-3 mb-3 d-flex flex-wrap align-items-center gap-2"
    >
      <p className="mb-0 me-auto">
        {`You chose ${choice.length} of ${ENQUIRY_MAX_BUSINESSES}: `}
        {choice.map((business, index) => (
          <span key={business.id}>
            {index > 0 && ', '}
            <strong>{business.name}</strong>{' '}
            <Button
              variant="link"
              size="sm"
              className="p-0 align-baseline"
              aria-label={`Remove ${business.name}`}
              onClick={() => chooseBusiness(business, false)}
            >
              (remove)
            </Button>
          </span>
        ))}
      </p>
      <Button variant="outline-secondary" size="sm" onClick={clearEnquiryChoice}>
        Clear
      </Button>
      <Link to={paths.askBusinesses.getHref()} state={cameFromState(location)} className="btn btn-primary btn-sm">
        {`Ask ${count}`}
      </Link>
    </section>
  );
}
