import { CHURCH_ROLES, type ChurchRole } from '@churchtrades/shared/church-admin';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { RealState } from '@churchtrades/shared/states';
import { MAX_CHURCH_LINKS } from '@churchtrades/shared/user-admin';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { useDebouncedValue } from '../../../../hooks/use-debounced-value';
import { useChurchesToServeQuery } from '../api/users-api';
import { ChurchSearchFields } from './church-search-fields';
import { churchRoleName } from './users-table';

/** A church the new master user will serve, and how. */
export interface ChurchLink {
  churchId: string;
  name: string;
  churchRole: ChurchRole;
}

/** How many churches a name search offers; typing more of the name narrows them. */
const CHURCH_CHOICES = 20;
const TYPING_PAUSE_MS = 300;

/**
 * The churches a master user being registered will serve: found by name and state, each added as priest or
 * moderator. Part of the registration form: its buttons add and remove, they send nothing.
 */
export function ChurchLinksPicker({ links, onChange }: { links: ChurchLink[]; onChange: (links: ChurchLink[]) => void }) {
  const [name, setName] = useState('');
  const [stateType, setStateType] = useState<RealState | ''>('');
  const [churchId, setChurchId] = useState('');
  const [churchRole, setChurchRole] = useState<ChurchRole>('MODERATOR');
  const settledName = useDebouncedValue(name.trim(), TYPING_PAUSE_MS);
  const { data: churches } = useChurchesToServeQuery({ name: settledName, stateType, page: 0, size: CHURCH_CHOICES });
  const chosen = churches?.content.find((church) => church.churchId === churchId);
  const linked = (link: Pick<ChurchLink, 'churchId' | 'churchRole'>) =>
    links.some((other) => other.churchId === link.churchId && other.churchRole === link.churchRole);

  function add() {
    if (!chosen || linked({ churchId: chosen.churchId, churchRole })) return;
    onChange([...links, { churchId: chosen.churchId, name: chosen.name, churchRole }]);
    setChurchId('');
  }

  return (
    <fieldset className="my-3">
      <legend className="h6">Churches served</legend>
      {links.length > 0 && (
        <ListGroup as="ul" className="mb-3" aria-label="Churches they will serve">
          {links.map((link) => (
            <ListGroup.Item
              as="li"
              key={`${link.churchId}-${link.churchRole}`}
              className="d-flex justify-content-between gap-2"
            >
              <span>
                {link.name} ({churchRoleName(link.churchRole)})
              </span>
              <Button
                size="sm"
                variant="outline-danger"
                aria-label={`Remove ${link.name} (${churchRoleName(link.churchRole)})`}
                onClick={() => onChange(links.filter((other) => other !== link))}
              >
                Remove
              </Button>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      <ChurchSearchFields
        idPrefix="link"
        className="g-2 mb-2"
        name={name}
        onNameChange={setName}
        stateType={stateType}
        onStateTypeChange={setStateType}
      />
      <Row className="g-2 align-items-end">
        <Col sm={6}>
          <Form.Group controlId="link-church">
            <Form.Label>Church</Form.Label>
            <Form.Select value={churchId} onChange={(event) => setChurchId(event.target.value)}>
              <option value="">{MESSAGES.chooseChurch}</option>
              {churches?.content.map((church) => (
                <option key={church.churchId} value={church.churchId}>
                  {church.name} ({church.stateType}){church.enabled ? '' : ' · disabled'}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm={3}>
          <Form.Group controlId="link-church-role">
            <Form.Label>Serves as</Form.Label>
            <Form.Select
              value={churchRole}
              // The select offers CHURCH_ROLES only.
              onChange={(event) => setChurchRole(event.target.value as ChurchRole)}
            >
              {CHURCH_ROLES.map((role) => (
                <option key={role} value={role}>
                  {churchRoleName(role)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm={3}>
          <Button
            variant="outline-primary"
            className="w-100"
            disabled={!chosen || links.length >= MAX_CHURCH_LINKS}
            onClick={add}
          >
            Add church
          </Button>
        </Col>
      </Row>
    </fieldset>
  );
}
