import { skipToken } from '@reduxjs/toolkit/query';
import { useRef } from 'react';
import { useProofOfWorkChallengeQuery } from '../../lib/proof-of-work-api';
import type { ProofOfWorkHandle } from './proof-of-work';

/**
 * The robot check of a form a visitor may send without a session (`needed` then): the server's challenge, the
 * widget's handle (`<RobotCheck challenge ref={widget} />` shows it), and the proof to send with the form.
 */
export function useRobotCheck(needed: boolean) {
  const challenge = useProofOfWorkChallengeQuery(needed ? undefined : skipToken);
  const widget = useRef<ProofOfWorkHandle>(null);
  return {
    challenge,
    widget,
    /** The form may be sent: no check is needed, or its challenge came. */
    ready: !needed || challenge.currentData !== undefined,
    /** The proof to send, solved now if the widget has not yet: none when no check is needed, null when it failed. */
    solve: async (): Promise<string | null | undefined> => (needed ? ((await widget.current?.solve()) ?? null) : undefined),
    /** Each challenge is accepted once: a form the server refused needs a new one for its next try. */
    renew: () => {
      if (needed) void challenge.refetch();
    },
  };
}
