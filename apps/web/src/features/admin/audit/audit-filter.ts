import { AUDIT_ACTIONS, AUDIT_SUBJECTS } from '@churchtrades/shared/audit';
import { anyText, type FilterFields, type FilterValues, isoDate, oneOf, uuid } from '../query-filter';

/** The filters of `/admin/audit`, named as `GET /api/audit` names them; `from` and `to` are whole days. */
export const AUDIT_FILTER_FIELDS = {
  actor: anyText,
  action: oneOf(AUDIT_ACTIONS),
  subjectType: oneOf(AUDIT_SUBJECTS),
  subjectId: uuid,
  from: isoDate,
  to: isoDate,
} satisfies FilterFields;

export type AuditFilter = FilterValues<typeof AUDIT_FILTER_FIELDS>;
