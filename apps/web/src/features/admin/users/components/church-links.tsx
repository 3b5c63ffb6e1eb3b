import { MESSAGES } from '@churchtrades/shared/messages';
import type { UserAdmin } from '@churchtrades/shared/user-admin';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../../components/form/form-alert';
import { useFormAlert } from '../../../../components/form/use-form-alert';
import { successMessage } from '../../../../lib/api-error';
import { useRemoveFromChurchMutation } from '../api/users-api';
import { AttachChurchForm } from './attach-church-form';
import { churchRoleName } from './users-table';

type ChurchLink = UserAdmin['churches'][number];

/** The churches the user serves as priest or moderator: remove a link, or attach the user to another church. */
export function ChurchLinks({ user }: { user: UserAdmin }) {
  const [remove, { isLoading }] = useRemoveFromChurchMutation();
  const { alert, clearAlert, showError } = useFormAlert();

  async function removeLink({ churchId, churchRole }: ChurchLink) {
    clearAlert();
    const result = await remove({ churchId, churchRole, email: user.email, userId: user.userId });
    if (result.error) showError(result.error);
    else toast.success(successMessage(result.data.message, MESSAGES.memberRemoved));
  }

  return (
    <Card>
      <Card.Body>
        <h3 className="h5">Churches served</h3>
        <FormAlert alert={alert} onClose={clearAlert} />
        {user.churches.length === 0 ? (
          <p className="text-body-secondary">Not a priest or moderator of any church.</p>
        ) : (
          <ListGroup className="mb-3">
            {user.churches.map((link) => (
              <ListGroup.Item
                key={`${link.churchId}-${link.churchRole}`}
                className="d-flex align-items-center justify-content-between gap-2"
              >
                <span>
                  {link.name} <span className="text-body-secondary">({churchRoleName(link.churchRole)})</span>
                </span>
                <Button
                  variant="outline-danger"
                  size="sm"
                  disabled={isLoading}
                  aria-label={`Remove as ${churchRoleName(link.churchRole)} of ${link.name}`}
                  onClick={() => void removeLink(link)}
                >
                  Remove
                </Button>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
        <AttachChurchForm user={user} />
      </Card.Body>
    </Card>
  );
}
