import { MODERATION_STATUSES } from '@churchtrades/shared/moderation';
import { REAL_STATES } from '@churchtrades/shared/states';
import type { FormEvent } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FilterSelect, plainOptions } from '../../components/filter-select';
import { FilterText } from '../../components/filter-text';
import { useDraft } from '../../hooks/use-draft';
import type { TradeFilter } from '../trade-filter';
import { STATUS_NAMES } from './moderation-status-badge';

interface TradeFiltersProps {
  filter: TradeFilter;
  onChange: (changes: Partial<TradeFilter>) => void;
}

const STATUS_OPTIONS = MODERATION_STATUSES.map((status) => ({ value: status, label: STATUS_NAMES[status] }));

/** Name, state and moderation status of `/admin/trades`. */
export function TradeFilters({ filter, onChange }: TradeFiltersProps) {
  const [name, setName] = useDraft(filter.name);

  // A choice made while a name is still being typed searches for that name too: what the box shows is searched.
  function choose(changes: Partial<TradeFilter>) {
    onChange({ name: name.trim(), ...changes });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    choose({});
  }

  return (
    <Form role="search" aria-label="Filter businesses" className="mb-3" onSubmit={submit}>
      <Row className="g-2">
        <Col md={6}>
          <FilterText label="Business name" value={name} onChange={setName} />
        </Col>
        <Col xs={6} md={3}>
          <FilterSelect
            label="State"
            anyLabel="Any state"
            value={filter.stateType}
            options={plainOptions(REAL_STATES)}
            onChange={(stateType) => choose({ stateType })}
          />
        </Col>
        <Col xs={6} md={3}>
          <FilterSelect
            label="Status"
            anyLabel="Any status"
            value={filter.status}
            options={STATUS_OPTIONS}
            onChange={(status) => choose({ status })}
          />
        </Col>
      </Row>
    </Form>
  );
}
