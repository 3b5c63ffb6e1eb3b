import { MODERATION_STATUSES, type ModerationStatus } from '@churchtrades/shared/moderation';
import { STATE_FILTER_BUTTON_ORDER, type StateFilter } from '@churchtrades/shared/states';
import { type ReactNode, useId } from 'react';
import Form from 'react-bootstrap/Form';
import { useStateChurchesQuery } from '../../../lib/churches-api';

const STATUS_NAMES: Readonly<Record<ModerationStatus, string>> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  UNLISTED: 'Unlisted',
};

function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Form.Group controlId={id}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Select size="sm" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </Form.Select>
    </Form.Group>
  );
}

export function StateFilterSelect({ state, onChange }: { state: StateFilter; onChange: (state: StateFilter) => void }) {
  return (
    <FilterSelect label="State" value={state} onChange={(value) => onChange(value as StateFilter)}>
      {STATE_FILTER_BUTTON_ORDER.map((value) => (
        <option key={value} value={value}>
          {value === 'ALL' ? 'All states' : value}
        </option>
      ))}
    </FilterSelect>
  );
}

export function StatusFilterSelect({
  status,
  onChange,
}: {
  status: ModerationStatus | null;
  onChange: (status: ModerationStatus | null) => void;
}) {
  return (
    <FilterSelect
      label="Status"
      value={status ?? ''}
      onChange={(value) => onChange(value === '' ? null : (value as ModerationStatus))}
    >
      <option value="">Any status</option>
      {MODERATION_STATUSES.map((value) => (
        <option key={value} value={value}>
          {STATUS_NAMES[value]}
        </option>
      ))}
    </FilterSelect>
  );
}

/** The enabled churches of the chosen state; the server lists only the businesses the caller may see anyway. */
export function ChurchFilterSelect({
  state,
  churchId,
  onChange,
}: {
  state: StateFilter;
  churchId: string | null;
  onChange: (churchId: string | null) => void;
}) {
  const { data: churches = [] } = useStateChurchesQuery(state);
  return (
    <FilterSelect label="Church" value={churchId ?? ''} onChange={(value) => onChange(value === '' ? null : value)}>
      <option value="">All churches</option>
      {churches.map((church) => (
        <option key={church.churchId} value={church.churchId}>
          {church.name}
        </option>
      ))}
    </FilterSelect>
  );
}
