import type { ReactNode } from 'react';
import Button, { type ButtonProps } from 'react-bootstrap/Button';

type SubmitButtonProps = Omit<ButtonProps, 'type' | 'children'> & {
  busy: boolean;
  /** What the button says while the request runs (SPEC §2: 'Loading...' on most forms). */
  busyLabel?: string;
  children: ReactNode;
};

/** A form's submit button; it cannot be pressed twice while its request runs. */
export function SubmitButton({ busy, busyLabel = 'Loading...', disabled, children, ...props }: SubmitButtonProps) {
  return (
    <Button {...props} type="submit" disabled={disabled || busy}>
      {busy ? busyLabel : children}
    </Button>
  );
}
