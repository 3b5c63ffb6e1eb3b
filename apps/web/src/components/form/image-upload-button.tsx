import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { MAX_IMAGE_BYTES } from '@churchtrades/shared/constants';
import { MESSAGES } from '@churchtrades/shared/messages';
import { type ChangeEvent, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import { toast } from 'react-toastify';
import { successMessage } from '../../lib/api-error';
import { FormAlert } from './form-alert';
import { useFormAlert } from './use-form-alert';

/** How an upload ended: the server's refusal, or its message for the toast. */
export type UploadOutcome = { error: FetchBaseQueryError | SerializedError } | { message: string };

interface ImageUploadButtonProps {
  /** The button's text, also the name of the (hidden) file picker: 'Change Logo', 'Change Photo'. */
  label: string;
  busy: boolean;
  disabled: boolean;
  upload: (file: File) => Promise<UploadOutcome>;
  /** The toast when the server's answer says nothing. */
  successFallback: string;
}

/** A button opening an image-only file picker; the chosen image is uploaded at once. 'Changing ...' meanwhile. */
export function ImageUploadButton({ label, busy, disabled, upload, successFallback }: ImageUploadButtonProps) {
  const picker = useRef<HTMLInputElement>(null);
  const { alert, clearAlert, showError } = useFormAlert();

  async function send(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Emptied so that picking the same file again, after a failure, still counts as a change.
    event.target.value = '';
    if (!file) return;
    clearAlert();
    // Checked here too so a large image is refused before it is sent, not after.
    if (file.size > MAX_IMAGE_BYTES) {
      showError(undefined, MESSAGES.imageTooLarge);
      return;
    }
    const outcome = await upload(file);
    if ('error' in outcome) showError(outcome.error);
    else toast.success(successMessage(outcome.message, successFallback));
  }

  return (
    <>
      <input
        ref={picker}
        type="file"
        accept="image/*"
        hidden
        aria-label={label}
        disabled={disabled}
        onChange={(event) => void send(event)}
      />
      <Button variant="outline-primary" size="sm" disabled={disabled || busy} onClick={() => picker.current?.click()}>
        {busy ? 'Changing ...' : label}
      </Button>
      <FormAlert alert={alert} onClose={clearAlert} />
    </>
  );
}
