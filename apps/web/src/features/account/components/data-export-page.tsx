import { DATA_EXPORT_LINK_HOURS, type DataExportRequest, dataExportRequestSchema, type DataExportView } from '@churchtrades/shared/data-export';
import { MESSAGES } from '@churchtrades/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form/form-alert';
import { showServerFieldErrors } from '../../../components/form/server-field-errors';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { getErrorMessage, successMessage } from '../../../lib/api-error';
import { type DownloadedArchive, useDownloadDataExportMutation, useGetDataExportQuery, useRequestDataExportMutation } from '../api/data-export-api';
import { useAccountUser } from './account-layout';
import { TOTP_CODE_FIELD } from './totp-code-field';

const DATE_TIME = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

const when = (at: string | null) => (at === null ? '' : DATE_TIME.format(new Date(at)));

/**
 * /account/data: asks for an archive of everything ChurchTrades holds about the person, with their password (and
 * two-step code), and, opened from the mailed link (`?key=`), downloads it once.
 */
export function DataExportPage() {
  const [searchParams] = useSearchParams();
  const key = searchParams.get('key');
  return (
    <>
      <title>Download my data · ChurchTrades</title>
      <Card>
        <Card.Body>
          <h2 className="h4 mb-3">Download my data</h2>
          <p>
            An archive (a ZIP file) of everything ChurchTrades holds about you: your account and sessions, your
            businesses with their addresses and social media, the enquiries you sent and received with their
            messages, the reviews you wrote and received, your reports and vouches, the changes made to your account,
            and your pictures. Each kind comes as a JSON file, and as a CSV file for a spreadsheet.
          </p>
          <p>
            We prepare it in the background and email you a link. The link works once, for {DATA_EXPORT_LINK_HOURS}{' '}
            hours, while you are logged in to this account; then we delete the archive.
          </p>
          {key !== null && <DownloadArchive archiveKey={key} />}
          <ExportStatus />
          <RequestForm />
        </Card.Body>
      </Card>
    </>
  );
}

/** Saves the archive as the browser saves a download, under the server's name for it. */
function save(archive: DownloadedArchive): void {
  const link = document.createElement('a');
  link.href = archive.url;
  link.download = archive.fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

function DownloadArchive({ archiveKey }: { archiveKey: string }) {
  const [download, { data: archive, error, isError, isLoading }] = useDownloadDataExportMutation();

  // The archive's bytes stay in the browser's memory until the page goes.
  useEffect(() => () => {
    if (archive) URL.revokeObjectURL(archive.url);
  }, [archive]);

  async function start() {
    const result = await download(archiveKey);
    if (result.data) save(result.data);
  }

  return (
    <section aria-labelledby="archive-heading" className="border rounded p-3 mb-4">
      <h3 className="h5" id="archive-heading">
        Your archive
      </h3>
      {isError && (
        <Alert variant="danger" transition={false}>
          {getErrorMessage(error)}
        </Alert>
      )}
      {archive ? (
        <Alert variant="success" transition={false}>
          Downloaded: {archive.fileName}. The link is used now; if the file did not save,{' '}
          <a href={archive.url} download={archive.fileName} className="alert-link">
            save it again
          </a>
          .
        </Alert>
      ) : (
        !isError && (
          <>
            <p>Your archive is ready. Download it now: the link works once.</p>
            <Button onClick={() => void start()} disabled={isLoading}>
              {isLoading ? 'Loading...' : 'Download my archive'}
            </Button>
          </>
        )
      )}
    </section>
  );
}

function statusText(dataExport: DataExportView): string {
  switch (dataExport.status) {
    case 'REQUESTED':
      return `You asked for an archive on ${when(dataExport.requestedAt)}. We are preparing it and will email you a link.`;
    case 'READY':
      return `Your archive is ready: we emailed you a link on ${when(dataExport.readyAt)}. It works until ${when(dataExport.expiresAt)}.`;
    case 'DOWNLOADED':
      return `You downloaded your last archive on ${when(dataExport.downloadedAt)}. You can ask for a new one below.`;
    case 'EXPIRED':
      return `Your last archive was deleted on ${when(dataExport.expiresAt)}${dataExport.downloadedAt === null ? ', not downloaded' : ''}. You can ask for a new one below.`;
  }
}

function ExportStatus() {
  const { data: dataExport, error, isError } = useGetDataExportQuery();
  if (isError) return <Alert variant="danger">{getErrorMessage(error)}</Alert>;
  if (!dataExport) return null;
  return <p className="fw-semibold">{statusText(dataExport)}</p>;
}

function RequestForm() {
  const { mfa } = useAccountUser();
  const [requestExport, { isLoading }] = useRequestDataExportMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const empty: DataExportRequest = mfa ? { password: '', code: '' } : { password: '' };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isValid },
  } = useForm<DataExportRequest>({ resolver: zodResolver(dataExportRequestSchema), mode: 'onTouched', defaultValues: empty });

  async function submit(values: DataExportRequest) {
    clearAlert();
    const result = await requestExport(values);
    if (result.error) {
      if (!showServerFieldErrors(result.error, setError, ['password', 'code'])) showError(result.error);
      return;
    }
    reset(empty);
    toast.success(successMessage(result.data, MESSAGES.dataExportRequested));
  }

  return (
    <Form noValidate onSubmit={handleSubmit(submit)} aria-labelledby="request-heading">
      <h3 className="h5" id="request-heading">
        Ask for an archive
      </h3>
      <p>To keep your data yours, enter your password{mfa ? ' and a code from your authenticator app' : ''} again.</p>
      <FormAlert alert={alert} onClose={clearAlert} />
      <TextField label="Your password" type="password" autoComplete="current-password" error={errors.password} {...register('password')} />
      {mfa && <TextField label="Code from your app" {...TOTP_CODE_FIELD} error={errors.code} {...register('code')} />}
      <SubmitButton busy={isLoading} disabled={!isValid}>
        Prepare my archive
      </SubmitButton>
    </Form>
  );
}
