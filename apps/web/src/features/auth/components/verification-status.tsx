import { type ReactNode, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';

/** 'Please wait. Verifying...' with a spinner, while an e-mailed key is checked. */
export function Verifying({ text }: { text: string }) {
  return (
    <div role="status" className="d-flex align-items-center justify-content-center gap-2 py-3">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

/** The outcome of checking an e-mailed link: red for a bad or failed link, green for done. */
export function VerificationAlert({ variant, children }: { variant: 'success' | 'danger'; children: ReactNode }) {
  const [shown, setShown] = useState(true);
  if (!shown) return null;
  return (
    <Alert variant={variant} dismissible onClose={() => setShown(false)}>
      {children}
    </Alert>
  );
}
