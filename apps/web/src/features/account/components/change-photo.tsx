import { MESSAGES } from '@churchtrades/shared/messages';
import { ImageUploadButton } from '../../../components/form/image-upload-button';
import { useChangePhotoMutation } from '../api/account-api';

/** 'Change Photo': the account's photo, replaced by the image chosen. */
export function ChangePhoto({ userId, disabled }: { userId: string; disabled: boolean }) {
  const [changePhoto, { isLoading }] = useChangePhotoMutation();

  async function upload(file: File) {
    const result = await changePhoto({ userId, file });
    return result.error ? { error: result.error } : { message: result.data.message };
  }

  return (
    <ImageUploadButton
      label="Change Photo"
      busy={isLoading}
      disabled={disabled}
      upload={upload}
      successFallback={MESSAGES.photoUpdated}
    />
  );
}
