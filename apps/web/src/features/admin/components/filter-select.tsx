import { useId } from 'react';
import Form from 'react-bootstrap/Form';

export interface FilterOption<T extends string> {
  value: T;
  label: string;
}

interface FilterSelectProps<T extends string> {
  label: string;
  value: T | '';
  /** What '' means here, e.g. "Any role". */
  anyLabel: string;
  options: readonly FilterOption<T>[];
  onChange: (value: T | '') => void;
}

/** A labelled select of an administration list's filters; '' stands for "any". */
export function FilterSelect<T extends string>({ label, value, anyLabel, options, onChange }: FilterSelectProps<T>) {
  const id = useId();
  return (
    <Form.Group controlId={id}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Select
        size="sm"
        value={value}
        // The select offers '' and the options' values only.
        onChange={(event) => onChange(event.target.value as T | '')}
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/** The options of a yes/no flag filter: the flag set (true) or not (false). */
export const YES_NO_OPTIONS: readonly FilterOption<'true' | 'false'>[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** Values that are shown as they are, e.g. state codes or roles. */
export function plainOptions<T extends string>(values: readonly T[]): FilterOption<T>[] {
  return values.map((value) => ({ value, label: value }));
}
