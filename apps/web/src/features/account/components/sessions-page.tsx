import { MESSAGES } from '@churchtrades/shared/messages';
import type { SessionView } from '@churchtrades/shared/sessions';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form/form-alert';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { getErrorMessage, successMessage } from '../../../lib/api-error';
import { useEndOtherSessionsMutation, useEndSessionMutation, useGetSessionsQuery } from '../api/sessions-api';

const DATE_TIME = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

const lastSeen = (session: SessionView) => DATE_TIME.format(new Date(session.lastSeenAt));

/** /account/sessions: where the account is logged in, with a way to end any session but this one. */
export function SessionsPage() {
  const { data: sessions, error, isError } = useGetSessionsQuery();
  const [endOthers, { isLoading: endingOthers }] = useEndOtherSessionsMutation();
  const [endOne, { isLoading: endingOne }] = useEndSessionMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const busy = endingOthers || endingOne;

  async function end(ending: Promise<{ data?: string; error?: Parameters<typeof showError>[0] }>, fallback: string) {
    clearAlert();
    const result = await ending;
    if (result.error) showError(result.error);
    else toast.success(successMessage(result.data, fallback));
  }

  return (
    <>
      <title>Sessions · ChurchTrades</title>
      <Card>
        <Card.Body>
          <h2 className="h4 mb-3">Sessions</h2>
          <p>
            The browsers where your account is logged in. If you do not recognise one, log it out and change your
            password.
          </p>
          <FormAlert alert={alert} onClose={clearAlert} />
          {isError && <Alert variant="danger">{getErrorMessage(error)}</Alert>}
          {!sessions && !isError && <p role="status">Loading...</p>}
          {sessions && (
            <>
              <ListGroup as="ul" className="mb-3" aria-label="Sessions">
                {sessions.map((session) => (
                  <SessionItem
                    key={session.sessionId}
                    session={session}
                    busy={busy}
                    onEnd={() => void end(endOne(session.sessionId), MESSAGES.sessionEnded)}
                  />
                ))}
              </ListGroup>
              <Button
                variant="outline-danger"
                disabled={busy || sessions.every((session) => session.current)}
                onClick={() => void end(endOthers(), MESSAGES.otherSessionsEnded)}
              >
                {endingOthers ? 'Loading...' : 'Log out everywhere else'}
              </Button>
            </>
          )}
        </Card.Body>
      </Card>
    </>
  );
}

function SessionItem({ session, busy, onEnd }: { session: SessionView; busy: boolean; onEnd: () => void }) {
  return (
    <ListGroup.Item as="li" className="d-flex flex-wrap justify-content-between align-items-center gap-2">
      <div>
        <span className="fw-semibold">{session.device}</span>
        {session.current && (
          <Badge bg="success" className="ms-2">
            This device
          </Badge>
        )}
        <div className="small">
          Network {session.network || 'unknown'} · Last seen {lastSeen(session)}
        </div>
      </div>
      {!session.current && (
        <Button
          variant="outline-secondary"
          size="sm"
          disabled={busy}
          aria-label={`Log out ${session.device}, last seen ${lastSeen(session)}`}
          onClick={onEnd}
        >
          Log out
        </Button>
      )}
    </ListGroup.Item>
  );
}
