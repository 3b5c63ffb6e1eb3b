import { REAL_STATES, type RealState } from '@churchtrades/shared/states';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';

interface ChurchSearchFieldsProps {
  /** Keeps the fields' ids apart where two forms with them share a page. */
  idPrefix: string;
  name: string;
  onNameChange(name: string): void;
  stateType: RealState | '';
  onStateTypeChange(stateType: RealState | ''): void;
  className?: string;
}

/** Name and state to narrow the churches a user may be linked to. */
export function ChurchSearchFields(props: ChurchSearchFieldsProps) {
  const { idPrefix, name, onNameChange, stateType, onStateTypeChange, className } = props;
  return (
    <Row className={className}>
      <Col sm={8}>
        <Form.Group controlId={`${idPrefix}-church-name`}>
          <Form.Label>Church name</Form.Label>
          <Form.Control
            type="search"
            autoComplete="off"
            maxLength={100}
            value={name}
            onChange={(event) => onNameChange(event.target.value)}
          />
        </Form.Group>
      </Col>
      <Col sm={4}>
        <Form.Group controlId={`${idPrefix}-church-state`}>
          <Form.Label>Church state</Form.Label>
          <Form.Select
            value={stateType}
            // The select offers REAL_STATES and '' only.
            onChange={(event) => onStateTypeChange(event.target.value as RealState | '')}
          >
            <option value="">Any state</option>
            {REAL_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Col>
    </Row>
  );
}
