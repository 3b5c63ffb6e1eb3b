import type { ModerationStatus } from '@churchtrades/shared/moderation';
import Badge from 'react-bootstrap/Badge';

export const STATUS_NAMES: Readonly<Record<ModerationStatus, string>> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  UNLISTED: 'Unlisted',
};

const STATUS_COLOURS: Readonly<Record<ModerationStatus, { bg: string; text?: 'dark' }>> = {
  PENDING: { bg: 'warning', text: 'dark' },
  APPROVED: { bg: 'success' },
  REJECTED: { bg: 'danger' },
  UNLISTED: { bg: 'secondary' },
};

/** Where a moderator left the business. */
export function ModerationStatusBadge({ status }: { status: ModerationStatus }) {
  const colours = STATUS_COLOURS[status];
  return (
    <Badge bg={colours.bg} text={colours.text}>
      {STATUS_NAMES[status]}
    </Badge>
  );
}
