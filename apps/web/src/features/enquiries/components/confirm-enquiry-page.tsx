import { MESSAGES } from '@churchtrades/shared/messages';
import { skipToken } from '@reduxjs/toolkit/query';
import Alert from 'react-bootstrap/Alert';
import { Link, useSearchParams } from 'react-router';
import { LinkPageCard, LinkPageLoading } from '../../../components/link-page-card';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { useConfirmEnquiryQuery } from '../api/enquiries-api';
import { EnquiryOutcome } from './enquiry-outcome';

/** /enquiries/confirm?key=: the e-mailed link confirming a visitor's address; the enquiry waiting for it goes. */
export function ConfirmEnquiryPage() {
  const [searchParams] = useSearchParams();
  const key = searchParams.get('key');
  const { data, error, isError } = useConfirmEnquiryQuery(key || skipToken);

  return (
    <LinkPageCard title="Your enquiry">
      {!key ? (
        <Alert variant="danger">{MESSAGES.enquiryLinkInvalid}</Alert>
      ) : isError ? (
        <Alert variant="danger">{getErrorMessage(error, MESSAGES.enquiryLinkUsed)}</Alert>
      ) : data ? (
        <EnquiryOutcome sent={data} confirmed />
      ) : (
        <LinkPageLoading />
      )}
      <p className="mb-0">
        <Link to={paths.home.getHref()}>Back to the business search</Link>
      </p>
    </LinkPageCard>
  );
}
