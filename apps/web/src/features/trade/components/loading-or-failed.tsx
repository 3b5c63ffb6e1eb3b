import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { getErrorMessage } from '../../../lib/api-error';

/**
 * What a page of the owner's enquiries or reviews shows until its data is here: why it could not be read, with a
 * way to ask again, or that it is on its way.
 */
interface LoadingOrFailedProps {
  isError: boolean;
  error: FetchBaseQueryError | SerializedError | undefined;
  retry: () => unknown;
}

export function LoadingOrFailed({ isError, error, retry }: LoadingOrFailedProps) {
  if (!isError) {
    return (
      <p role="status" className="text-body-secondary">
        Loading...
      </p>
    );
  }
  return (
    <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
      <span>{getErrorMessage(error)}</span>
      <Button variant="outline-danger" size="sm" onClick={() => void retry()}>
        Try again
      </Button>
    </Alert>
  );
}
