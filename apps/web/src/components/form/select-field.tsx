import { type ComponentProps, type ReactNode, useId } from 'react';
import Form from 'react-bootstrap/Form';
import type { FieldError } from 'react-hook-form';

// The id is Form.Group's to give (label and select share it), so it is not taken from the caller.
type SelectFieldProps = Omit<ComponentProps<'select'>, 'size' | 'ref' | 'value' | 'id'> & {
  ref?: (element: HTMLSelectElement | null) => void;
  label: string;
  error?: FieldError;
  children: ReactNode;
};

/** A labelled select with its validation message under it, the select counterpart of TextField. */
export function SelectField({ label, error, className, children, ...selectProps }: SelectFieldProps) {
  const selectId = useId();
  const errorId = `${selectId}-error`;
  return (
    <Form.Group className={className ?? 'mb-3'} controlId={selectId}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        {...selectProps}
        isInvalid={error !== undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {children}
      </Form.Select>
      {error && (
        <Form.Control.Feedback id={errorId} type="invalid">
          {error.message}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
