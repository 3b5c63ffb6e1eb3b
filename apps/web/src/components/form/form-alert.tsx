import Alert from 'react-bootstrap/Alert';

export interface AlertMessage {
  variant: 'success' | 'danger';
  text: string;
}

/** The red (or green) dismissible alert above a form (SPEC §8). */
export function FormAlert({ alert, onClose }: { alert: AlertMessage | null; onClose: () => void }) {
  if (!alert) return null;
  return (
    <Alert variant={alert.variant} dismissible onClose={onClose}>
      {alert.text}
    </Alert>
  );
}
