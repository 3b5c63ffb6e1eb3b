import Card from 'react-bootstrap/Card';
import { TwoStepOff } from './two-step-off';
import { TwoStepOn } from './two-step-on';

/**
 * Two-step verification: a code from an authenticator app asked at each login, on top of the password.
 * A read-only account cannot switch it (the server refuses), so its button is disabled.
 */
export function TwoStepCard({ mfa, readOnly }: { mfa: boolean; readOnly: boolean }) {
  return (
    <Card>
      <Card.Body>
        <h2 className="h4 mb-3">Two-step verification</h2>
        {mfa ? <TwoStepOn readOnly={readOnly} /> : <TwoStepOff readOnly={readOnly} />}
      </Card.Body>
    </Card>
  );
}
