import { useId } from 'react';
import Form from 'react-bootstrap/Form';

const MISSING = '.....';

/** A labelled value the owner sees but does not type: the server works it out. */
export function ReadOnlyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control readOnly value={value || MISSING} className="bg-body-secondary" />
    </Form.Group>
  );
}
