import { MAX_IMAGE_BYTES } from '@churchtrades/shared/constants';
import { MESSAGES } from '@churchtrades/shared/messages';
import { type ChangeEvent, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form/form-alert';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { successMessage } from '../../../lib/api-error';
import { useChangePhotoMutation } from '../api/account-api';

/** 'Change Photo': an image picker that uploads the chosen file at once. */
export function ChangePhoto({ userId, disabled }: { userId: string; disabled: boolean }) {
  const picker = useRef<HTMLInputElement>(null);
  const [changePhoto, { isLoading }] = useChangePhotoMutation();
  const { alert, clearAlert, showError } = useFormAlert();

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Emptied so that picking the same file again, after a failure, still counts as a change.
    event.target.value = '';
    if (!file) return;
    clearAlert();
    // Checked here too so a large photo is refused before it is sent, not after.
    if (file.size > MAX_IMAGE_BYTES) {
      showError(undefined, MESSAGES.imageTooLarge);
      return;
    }
    const result = await changePhoto({ userId, file });
    if (result.error) showError(result.error);
    else toast.success(successMessage(result.data.message, MESSAGES.photoUpdated));
  }

  return (
    <>
      <input
        ref={picker}
        type="file"
        accept="image/*"
        hidden
        aria-label="Change Photo"
        disabled={disabled}
        onChange={(event) => void upload(event)}
      />
      <Button
        variant="outline-primary"
        size="sm"
        disabled={disabled || isLoading}
        onClick={() => picker.current?.click()}
      >
        {isLoading ? 'Changing ...' : 'Change Photo'}
      </Button>
      <FormAlert alert={alert} onClose={clearAlert} />
    </>
  );
}
