import type {} from 'altcha/types/react';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { Challenge } from '../../lib/proof-of-work-api';

/** What the form asks of the widget: the payload proving the work, solving the challenge first if needed. */
export interface ProofOfWorkHandle {
  solve: () => Promise<string | null>;
}

interface StateChange {
  state: string;
  payload?: string;
}

/**
 * ALTCHA's "I'm not a robot" check for a visitor without a session: it solves the server's challenge in the browser
 * (starting when the visitor enters the form, or when they send it). Its code is loaded only here, so the pages
 * that never show it do not carry it.
 */
export function ProofOfWork({ challenge, ref }: { challenge: Challenge; ref: Ref<ProofOfWorkHandle> }) {
  const [loaded, setLoaded] = useState(false);
  const widget = useRef<AltchaWidgetElement>(null);
  const payload = useRef<string | null>(null);

  useEffect(() => {
    let current = true;
    void import('./altcha-setup').then(() => {
      if (current) setLoaded(true);
    });
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (!element) return undefined;
    const follow = (event: Event) => {
      const { state, payload: proof } = (event as CustomEvent<StateChange>).detail;
      payload.current = state === 'verified' && proof ? proof : null;
    };
    element.addEventListener('statechange', follow);
    return () => element.removeEventListener('statechange', follow);
  }, [loaded]);

  useImperativeHandle(
    ref,
    () => ({
      solve: async () => {
        if (payload.current) return payload.current;
        const result = await widget.current?.verify();
        return result?.payload ?? null;
      },
    }),
    [],
  );

  if (!loaded) return <p role="status">Loading the robot check…</p>;
  return <altcha-widget ref={widget} challenge={JSON.stringify(challenge)} auto="onfocus" name="proofOfWork" />;
}
