import { AUDIT_ACTIONS, AUDIT_SUBJECTS } from '@churchtrades/shared/audit';
import type { FormEvent } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FilterSelect } from '../../components/filter-select';
import { FilterText } from '../../components/filter-text';
import { useDraft } from '../../hooks/use-draft';
import type { AuditFilter } from '../audit-filter';
import { ACTION_NAMES, SUBJECT_NAMES } from '../audit-names';

interface AuditFiltersProps {
  filter: AuditFilter;
  onChange: (changes: Partial<AuditFilter>) => void;
}

const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ value: action, label: ACTION_NAMES[action] }));
const SUBJECT_OPTIONS = AUDIT_SUBJECTS.map((subject) => ({ value: subject, label: SUBJECT_NAMES[subject] }));

/** Who (their e-mail), what kind of change, to what, and between which days. */
export function AuditFilters({ filter, onChange }: AuditFiltersProps) {
  const [actor, setActor] = useDraft(filter.actor);

  // A choice made while an e-mail is still being typed searches for it too: what the box shows is searched.
  function choose(changes: Partial<AuditFilter>) {
    onChange({ actor: actor.trim(), ...changes });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    choose({});
  }

  return (
    <Form role="search" aria-label="Filter the audit log" className="mb-3" onSubmit={submit}>
      <Row className="g-2">
        <Col md={6}>
          <FilterText label="Who (e-mail)" value={actor} onChange={setActor} />
        </Col>
        <Col md={6}>
          <FilterSelect
            label="Action"
            anyLabel="Any action"
            value={filter.action}
            options={ACTION_OPTIONS}
            onChange={(action) => choose({ action })}
          />
        </Col>
        <Col md={4}>
          {/* Another kind of subject is another subject: the one chosen by id no longer applies. */}
          <FilterSelect
            label="Subject"
            anyLabel="Any subject"
            value={filter.subjectType}
            options={SUBJECT_OPTIONS}
            onChange={(subjectType) => choose({ subjectType, subjectId: '' })}
          />
        </Col>
        <Col xs={6} md={4}>
          <DayField label="From" value={filter.from} onChange={(from) => choose({ from })} />
        </Col>
        <Col xs={6} md={4}>
          <DayField label="To" value={filter.to} onChange={(to) => choose({ to })} />
        </Col>
      </Row>
    </Form>
  );
}

function DayField({ label, value, onChange }: { label: string; value: string; onChange: (day: string) => void }) {
  return (
    <Form.Group controlId={`audit-${label.toLowerCase()}`}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Control size="sm" type="date" value={value} onChange={(event) => onChange(event.target.value)} />
    </Form.Group>
  );
}
