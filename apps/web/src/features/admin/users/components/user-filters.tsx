import { REAL_STATES } from '@churchtrades/shared/states';
import type { FormEvent } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useStateChurchesQuery } from '../../../../lib/churches-api';
import { FilterSelect, plainOptions, YES_NO_OPTIONS } from '../../components/filter-select';
import { FilterText } from '../../components/filter-text';
import { useDraft } from '../../hooks/use-draft';
import { FILTER_ROLES, FLAG_FILTERS, type UserFilter } from '../user-filter';

interface UserFiltersProps {
  filter: UserFilter;
  onChange: (changes: Partial<UserFilter>) => void;
}

/** Name or e-mail, state, church, role and the account flags of `/admin/users`, a pending deletion among them. */
export function UserFilters({ filter, onChange }: UserFiltersProps) {
  const [text, setText] = useDraft(filter.searchText);
  const { currentData: churches } = useStateChurchesQuery(filter.stateType === '' ? 'ALL' : filter.stateType);

  // A choice made while a name is still being typed searches for that name too: what the box shows is searched.
  function choose(changes: Partial<UserFilter>) {
    onChange({ searchText: text.trim(), ...changes });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    choose({});
  }

  return (
    <Form role="search" aria-label="Filter users" className="mb-3" onSubmit={submit}>
      <Row className="g-2">
        <Col md={6}>
          <FilterText label="Name or e-mail" value={text} onChange={setText} />
        </Col>
        <Col sm={6} md={3}>
          {/* The churches offered are the state's: a new state clears the church. */}
          <FilterSelect
            label="State"
            anyLabel="Any state"
            value={filter.stateType}
            options={plainOptions(REAL_STATES)}
            onChange={(stateType) => choose({ stateType, churchId: '' })}
          />
        </Col>
        <Col sm={6} md={3}>
          <FilterSelect
            label="Role"
            anyLabel="Any role"
            value={filter.authority}
            options={plainOptions(FILTER_ROLES)}
            onChange={(authority) => choose({ authority })}
          />
        </Col>
        <Col md={4}>
          <FilterSelect
            label="Church"
            anyLabel="Any church"
            value={filter.churchId}
            options={(churches ?? []).map((church) => ({
              value: church.churchId,
              label: filter.stateType === '' ? `${church.name} (${church.stateType})` : church.name,
            }))}
            onChange={(churchId) => choose({ churchId })}
          />
        </Col>
        {FLAG_FILTERS.map(({ name, label }) => (
          <Col key={name} xs={6} md={2}>
            <FilterSelect
              label={label}
              anyLabel="Any"
              value={filter[name]}
              options={YES_NO_OPTIONS}
              onChange={(value) => choose({ [name]: value })}
            />
          </Col>
        ))}
      </Row>
    </Form>
  );
}
