import type { ChurchMember, ChurchRole } from '@churchtrades/shared/church-admin';
import { MESSAGES } from '@churchtrades/shared/messages';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { toast } from 'react-toastify';
import { getErrorMessage, successMessage } from '../../../../lib/api-error';
import { useChurchMembersQuery, useRemoveChurchMemberMutation } from '../api/church-admin-api';

export const CHURCH_ROLE_NAMES: Readonly<Record<ChurchRole, { one: string; many: string }>> = {
  PRIEST: { one: 'Priest', many: 'Priests' },
  MODERATOR: { one: 'Moderator', many: 'Moderators' },
};

/** The church's priests (or moderators), each with a button that detaches them; their role stays as it is. */
export function ChurchMembers({ churchId, churchRole }: { churchId: string; churchRole: ChurchRole }) {
  const { data: members, error, isError } = useChurchMembersQuery({ churchId, churchRole });
  const [removeMember, { isLoading: removing }] = useRemoveChurchMemberMutation();
  const names = CHURCH_ROLE_NAMES[churchRole];
  const headingId = `church-${churchRole.toLowerCase()}s-heading`;

  async function remove(member: ChurchMember) {
    const result = await removeMember({ churchId, email: member.email, churchRole });
    if (result.error) toast.error(getErrorMessage(result.error));
    else toast.success(successMessage(result.data, MESSAGES.memberRemoved));
  }

  return (
    <Card as="section" aria-labelledby={headingId} className="h-100">
      <Card.Body>
        <h3 id={headingId} className="h5 mb-3">
          {names.many}
        </h3>
        {isError ? (
          <Alert variant="danger">{getErrorMessage(error)}</Alert>
        ) : !members ? (
          <p role="status">Loading...</p>
        ) : members.length === 0 ? (
          <p className="text-body-secondary mb-0">No {names.many.toLowerCase()} yet.</p>
        ) : (
          <ListGroup as="ul" variant="flush" aria-label={names.many}>
            {members.map((member) => (
              <ListGroup.Item as="li" key={member.userId} className="d-flex align-items-center gap-2">
                <div className="me-auto text-break">
                  <div>{`${member.firstName} ${member.lastName}`}</div>
                  <div className="small text-body-secondary">{member.email}</div>
                </div>
                <Button
                  variant="outline-danger"
                  size="sm"
                  disabled={removing}
                  aria-label={`Remove ${member.firstName} ${member.lastName} as ${names.one.toLowerCase()}`}
                  onClick={() => void remove(member)}
                >
                  Remove
                </Button>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
      </Card.Body>
    </Card>
  );
}
