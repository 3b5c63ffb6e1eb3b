import { QR_CODE_LENGTH } from '@churchtrades/shared/constants';

/** Input attributes of a field for a code from an authenticator app: digits, offered by the phone's keyboard. */
export const TOTP_CODE_FIELD = {
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  maxLength: QR_CODE_LENGTH,
} as const;
