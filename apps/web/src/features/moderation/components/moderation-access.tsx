import { MESSAGES } from '@churchtrades/shared/messages';
import { mayViewModeration } from '@churchtrades/shared/permissions';
import type { UserView } from '@churchtrades/shared/user';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { getErrorMessage } from '../../../lib/api-error';
import { useGetProfileQuery } from '../../../lib/current-user-api';

/**
 * The moderation pages, for the roles that may see them (priests read-only, moderators and above); anyone
 * else is told why. The server refuses their calls anyway: this only spares them a page of errors.
 */
export function ModerationAccess({ children }: { children: (user: UserView) => ReactNode }) {
  const { data: user, error, isError, refetch } = useGetProfileQuery();

  let content: ReactNode;
  if (isError) content = <LoadFailed error={error} onRetry={() => void refetch()} />;
  else if (!user) content = <Loading />;
  else if (!mayViewModeration(user.role)) content = <Alert variant="warning">{MESSAGES.forbidden}</Alert>;
  else content = children(user);

  return (
    <>
      <title>Moderation · ChurchTrades</title>
      <h1 className="h3 mb-4">Moderation</h1>
      {content}
    </>
  );
}

export function Loading() {
  return (
    <p role="status" className="text-body-secondary">
      Loading...
    </p>
  );
}

export function LoadFailed({
  error,
  onRetry,
}: {
  error: FetchBaseQueryError | SerializedError | undefined;
  onRetry: () => void;
}) {
  return (
    <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
      <span>{getErrorMessage(error)}</span>
      <Button variant="outline-danger" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
