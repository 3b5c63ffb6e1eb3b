import type { FailedMail } from '@churchtrades/shared/mail-outbox';
import { MESSAGES } from '@churchtrades/shared/messages';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { toast } from 'react-toastify';
import { getErrorMessage, successMessage } from '../../../../lib/api-error';
import { localDateTime } from '../../local-date-time';
import { useResendMailMutation } from '../api/failed-mails-api';

/** One page of failed emails, the latest first, each with its button to send it again. */
export function FailedMailsTable({ mails }: { mails: FailedMail[] }) {
  return (
    <Table responsive size="sm" className="align-middle">
      <thead>
        <tr>
          <th scope="col">To</th>
          <th scope="col">Subject</th>
          <th scope="col">Last error</th>
          <th scope="col">Tries</th>
          <th scope="col">Failed at</th>
          <th scope="col">
            <span className="visually-hidden">Send again</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {mails.map((mail) => (
          <FailedMailRow key={mail.id} mail={mail} />
        ))}
      </tbody>
    </Table>
  );
}

function FailedMailRow({ mail }: { mail: FailedMail }) {
  const [resend, { isLoading }] = useResendMailMutation();

  async function sendAgain() {
    const result = await resend(mail.id);
    if (result.error) toast.error(getErrorMessage(result.error));
    else toast.success(successMessage(result.data.message, MESSAGES.failedMailResent));
  }

  return (
    <tr>
      <td className="small text-break">{mail.to}</td>
      <td className="small">{mail.subject}</td>
      <td className="small text-break">{mail.lastError}</td>
      <td className="small">{mail.tries}</td>
      <td className="small text-nowrap">
        <time dateTime={mail.failedAt}>{localDateTime(mail.failedAt)}</time>
      </td>
      <td>
        {/* The name starts with the words shown, so a voice command saying them still finds the button. */}
        <Button
          variant="outline-primary"
          size="sm"
          className="text-nowrap"
          aria-label={`Send again to ${mail.to}`}
          disabled={isLoading}
          onClick={() => void sendAgain()}
        >
          Send again
        </Button>
      </td>
    </tr>
  );
}
