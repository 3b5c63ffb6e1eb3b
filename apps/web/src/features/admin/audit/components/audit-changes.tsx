import type { AuditEntry } from '@churchtrades/shared/audit';

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const NOTHING = '—';

function shown(value: unknown): string {
  if (value === null || value === undefined) return NOTHING;
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The fields whose value differs before and after the change, in the order the entry names them. */
export function fieldChanges({ before, after }: Pick<AuditEntry, 'before' | 'after'>): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .map((field) => ({ field, before: shown(before?.[field]), after: shown(after?.[field]) }))
    .filter((change) => change.before !== change.after);
}

/** "field: before → after", one line per changed field. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const changes = fieldChanges(entry);
  if (changes.length === 0) return <span className="text-body-secondary">{NOTHING}</span>;
  return (
    <ul className="list-unstyled mb-0 small">
      {changes.map(({ field, before, after }) => (
        <li key={field} className="text-break">
          <span className="fw-semibold">{field}</span>: {before} → {after}
        </li>
      ))}
    </ul>
  );
}
