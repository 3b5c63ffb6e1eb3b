import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useGetSiteInfoQuery } from '../../../lib/site-api';

/** How soon support usually answers (SPEC §1). */
export const SUPPORT_REPLY_TIME = '24-48 hours';

/**
 * Stands in a sentence for a value from /api/site that is not there: a placeholder while it loads,
 * a short remark if it could not be loaded (the page's SiteInfoNote explains and offers a retry).
 */
function MissingValue({ label, isError, width }: { label: string; isError: boolean; width: 'short' | 'long' }) {
  if (isError) return <em className="text-body-secondary">not available right now</em>;
  return (
    <span className="placeholder-glow">
      <span className={`placeholder site-value-placeholder-${width}`} aria-hidden="true" />
      <span className="visually-hidden">{`Loading the ${label}…`}</span>
    </span>
  );
}

/** The support address from the server's configuration, as a mail link. */
export function SupportEmail() {
  const { data, isError } = useGetSiteInfoQuery();
  if (!data) return <MissingValue label="support e-mail address" isError={isError} width="long" />;
  return <a href={`mailto:${data.supportEmail}`}>{data.supportEmail}</a>;
}

/** "E-mail … We typically reply within 24-48 hours.", the one way to reach support. */
export function SupportContact({ lead = 'E-mail us at' }: { lead?: string }) {
  return (
    <p>
      {lead} <SupportEmail />. We typically reply within {SUPPORT_REPLY_TIME}.
    </p>
  );
}

/** The donation account from the server's configuration. */
export function BankDetails() {
  const { data, isError } = useGetSiteInfoQuery();
  const rows = [
    { term: 'Account name', value: data?.bank.accountName, width: 'long' },
    { term: 'BSB', value: data?.bank.bsb, width: 'short' },
    { term: 'Account number', value: data?.bank.accountNumber, width: 'short' },
  ] as const;

  return (
    <dl className="bank-details border rounded px-3 py-2">
      {rows.map(({ term, value, width }) => (
        <div key={term} className="row py-1">
          <dt className="col-sm-5 fw-normal text-body-secondary">{term}</dt>
          <dd className="col-sm-7 mb-0">
            {value === undefined ? (
              <MissingValue label={term === 'BSB' ? 'BSB' : term.toLowerCase()} isError={isError} width={width} />
            ) : (
              // One click selects the whole value, ready to paste into a banking app.
              <span className="fw-semibold user-select-all">{value}</span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Shown only when /api/site failed: the page stays readable and says what is missing.
 * `missing` completes "We could not load … just now."
 */
export function SiteInfoNote({ missing }: { missing: string }) {
  const { isError, refetch } = useGetSiteInfoQuery();
  if (!isError) return null;
  return (
    <Alert variant="warning" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
      <span>{`We could not load ${missing} just now.`}</span>
      <Button variant="outline-dark" size="sm" onClick={() => void refetch()}>
        Try again
      </Button>
    </Alert>
  );
}
