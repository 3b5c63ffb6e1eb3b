import type { Ref } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { getErrorMessage } from '../../lib/api-error';
import type { useProofOfWorkChallengeQuery } from '../../lib/proof-of-work-api';
import { ProofOfWork, type ProofOfWorkHandle } from './proof-of-work';

const CHALLENGE_FAILED_MESSAGE = 'The robot check could not be loaded. Please try again.';

interface RobotCheckProps {
  challenge: ReturnType<typeof useProofOfWorkChallengeQuery>;
  ref: Ref<ProofOfWorkHandle>;
}

/**
 * The robot check in its form: the widget once the challenge came (a new widget for each new challenge), the
 * challenge's failure with "Try again", or a wait.
 */
export function RobotCheck({ challenge, ref }: RobotCheckProps) {
  return (
    <div className="mb-3">
      {challenge.currentData ? (
        <ProofOfWork key={challenge.fulfilledTimeStamp} ref={ref} challenge={challenge.currentData} />
      ) : challenge.isError && !challenge.isFetching ? (
        <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <span>{getErrorMessage(challenge.error, CHALLENGE_FAILED_MESSAGE)}</span>
          <Button variant="outline-danger" size="sm" onClick={() => void challenge.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <p role="status">Loading the robot check…</p>
      )}
    </div>
  );
}
