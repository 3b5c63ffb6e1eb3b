import { type ComponentProps, type ReactNode, useId } from 'react';
import Form from 'react-bootstrap/Form';
import type { FieldError } from 'react-hook-form';

// The id is Form.Group's to give (label and input share it), so it is not taken from the caller.
type TextFieldProps = Omit<ComponentProps<'input'>, 'size' | 'ref' | 'value' | 'id'> & {
  ref?: (element: HTMLInputElement | HTMLTextAreaElement | null) => void;
  label: string;
  error?: FieldError;
  /** A multi-line field: a textarea of `rows` lines. */
  rows?: number;
  /** Guidance under the field, read out with it. */
  hint?: ReactNode;
};

/**
 * A labelled input with its validation message under it, tied to it for screen readers. Spread
 * react-hook-form's `register(name)` into it; the ref reaches the input (a plain prop in React 19).
 */
export function TextField({ label, error, rows, hint, className, ...inputProps }: TextFieldProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <Form.Group className={className ?? 'mb-3'} controlId={inputId}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...inputProps}
        {...(rows ? { as: 'textarea', rows } : {})}
        isInvalid={error !== undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <Form.Text id={hintId} className="d-block">
          {hint}
        </Form.Text>
      )}
      {error && (
        <Form.Control.Feedback id={errorId} type="invalid">
          {error.message}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
