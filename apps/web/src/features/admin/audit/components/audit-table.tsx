import type { AuditEntry } from '@churchtrades/shared/audit';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { localDateTime } from '../../local-date-time';
import { ACTION_NAMES, SUBJECT_NAMES } from '../audit-names';
import { AuditChanges } from './audit-changes';

/** One page of the audit log, newest first. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <Table responsive size="sm" className="align-top">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">Action</th>
          <th scope="col">Subject</th>
          <th scope="col">Before → after</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td className="small text-nowrap">
              <time dateTime={entry.createdAt}>{localDateTime(entry.createdAt)}</time>
            </td>
            <td className="small text-break">{entry.actorEmail}</td>
            <td className="small">{ACTION_NAMES[entry.action]}</td>
            <td className="small">
              <span className="text-body-secondary">{SUBJECT_NAMES[entry.subjectType]}</span>{' '}
              <SubjectName entry={entry} />
            </td>
            <td>
              <AuditChanges entry={entry} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** The subject's name, a link to its page where it has one (a category, a blocked sender and a review have none of their own; a mail leads to the failed ones). */
function SubjectName({ entry }: { entry: AuditEntry }) {
  const href = subjectHref(entry);
  return href ? <Link to={href}>{entry.subjectName}</Link> : <>{entry.subjectName}</>;
}

function subjectHref({ subjectType, subjectId }: AuditEntry): string | null {
  switch (subjectType) {
    case 'USER':
      return paths.adminUser.getHref(subjectId);
    case 'CHURCH':
      return paths.adminChurch.getHref(subjectId);
    case 'TRADE':
      return paths.moderationTrade.getHref(subjectId);
    case 'MAIL':
      // A mail has no page of its own; the failed ones are listed together, until sent again.
      return paths.adminMails.getHref();
    case 'SETTING':
      return paths.adminSettings.getHref();
    case 'CATEGORY':
    case 'SENDER':
    case 'REVIEW':
      return null;
  }
}
