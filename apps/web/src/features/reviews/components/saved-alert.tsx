import { useEffect, useRef, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';

/**
 * What the server said of a review just sent, taking the focus: the form the keyboard was in is gone, and the
 * reader goes on from here.
 */
export function SavedAlert({ message, children }: { message: string; children?: ReactNode }) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => alert.current?.focus(), []);
  return (
    <Alert ref={alert} tabIndex={-1} variant="success">
      <p className={children ? 'mb-2' : 'mb-0'}>{message}</p>
      {children}
    </Alert>
  );
}
