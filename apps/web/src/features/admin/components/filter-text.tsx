import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';

interface FilterTextProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
}

/** The text box of an administration list's filters; its form applies it on Enter or Search. */
export function FilterText({ label, value, onChange, maxLength = 100 }: FilterTextProps) {
  const id = useId();
  return (
    <Form.Group controlId={id}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <InputGroup size="sm">
        <Form.Control
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        <Button type="submit" variant="outline-primary">
          Search
        </Button>
      </InputGroup>
    </Form.Group>
  );
}
