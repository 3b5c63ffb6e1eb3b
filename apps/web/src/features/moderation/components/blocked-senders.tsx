import { MESSAGES } from '@churchtrades/shared/messages';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form/form-alert';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { successMessage } from '../../../lib/api-error';
import { useBlockedSendersQuery, useUnblockSenderMutation } from '../api/enquiry-reviews-api';
import { LoadFailed, Loading } from './moderation-access';

const DATE_TIME = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

/** Administrators: the addresses no enquiry is accepted from, and why; unblocking lets them write again. */
export function BlockedSenders() {
  const { data: blocked, error, isError, refetch } = useBlockedSendersQuery();
  const [unblock, { isLoading, originalArgs }] = useUnblockSenderMutation();
  const { alert, clearAlert, showError } = useFormAlert();

  async function unblockAddress(email: string) {
    clearAlert();
    const result = await unblock(email);
    if (result.error) showError(result.error);
    else toast.success(successMessage(result.data.message, MESSAGES.senderUnblocked));
  }

  let content;
  if (isError) content = <LoadFailed error={error} onRetry={() => void refetch()} />;
  else if (!blocked) content = <Loading />;
  else if (blocked.length === 0) content = <p className="text-body-secondary">No address is blocked.</p>;
  else {
    content = (
      <Table responsive className="align-middle">
        <caption className="visually-hidden">Blocked addresses</caption>
        <thead>
          <tr>
            <th scope="col">Address</th>
            <th scope="col">Reason</th>
            <th scope="col">Blocked</th>
            <th scope="col">By</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {blocked.map((sender) => (
            <tr key={sender.email}>
              <td className="text-break">{sender.email}</td>
              <td className="text-break">{sender.reason}</td>
              <td className="text-nowrap">
                <time dateTime={sender.blockedAt}>{DATE_TIME.format(new Date(sender.blockedAt))}</time>
              </td>
              <td>{sender.blockedByName ?? 'Unknown'}</td>
              <td>
                <Button
                  variant="outline-secondary"
                  size="sm"
                  aria-label={`Unblock ${sender.email}`}
                  disabled={isLoading && originalArgs === sender.email}
                  onClick={() => void unblockAddress(sender.email)}
                >
                  Unblock
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }

  return (
    <section aria-labelledby="blocked-senders-heading">
      <h2 id="blocked-senders-heading" className="h4 mb-3">
        Blocked addresses
      </h2>
      <FormAlert alert={alert} onClose={clearAlert} />
      {content}
    </section>
  );
}
