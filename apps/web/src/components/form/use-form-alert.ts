import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { getErrorMessage } from '../../lib/api-error';
import type { AlertMessage } from './form-alert';

/** The alert of one form: the server's message on failure (else `fallback`), a success text, or nothing. */
export function useFormAlert() {
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  return {
    alert,
    clearAlert: () => setAlert(null),
    showError: (error: FetchBaseQueryError | SerializedError | undefined, fallback?: string) =>
      setAlert({ variant: 'danger', text: getErrorMessage(error, fallback) }),
    showSuccess: (text: string) => setAlert({ variant: 'success', text }),
  };
}
