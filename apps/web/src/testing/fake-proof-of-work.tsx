import { type Ref, useImperativeHandle } from 'react';
import type { ProofOfWorkHandle } from '../components/proof-of-work/proof-of-work';
import type { Challenge } from '../lib/proof-of-work-api';

/**
 * Stands in for ALTCHA's widget in every web test (testing/setup-tests.ts), as jsdom lacks Web Workers: it "solves" a challenge at once, its
 * payload naming the challenge, so a test sees which challenge the sent proof answered.
 */
export function FakeProofOfWork({ challenge, ref }: { challenge: Challenge; ref: Ref<ProofOfWorkHandle> }) {
  useImperativeHandle(ref, () => ({ solve: () => Promise.resolve(`proof-of-${String(challenge.salt)}`) }), [challenge]);
  return <p>Robot check ready</p>;
}

/** A challenge as altcha-lib makes it; `salt` tells one from another. */
export function makeChallenge(salt: string): Challenge {
  return {
    parameters: { algorithm: 'PBKDF2/SHA-256', nonce: 'abc', salt, cost: 1000, keyLength: 32, keyPrefix: '00' },
    signature: 'signed',
    salt,
  };
}
