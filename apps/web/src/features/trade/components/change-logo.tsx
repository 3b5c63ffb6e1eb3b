import { MESSAGES } from '@churchtrades/shared/messages';
import { ImageUploadButton } from '../../../components/form/image-upload-button';
import { useChangeLogoMutation } from '../api/trade-api';

/** 'Change Logo': the business's logo, replaced by the image chosen. */
export function ChangeLogo({ tradeId, disabled }: { tradeId: string; disabled: boolean }) {
  const [changeLogo, { isLoading }] = useChangeLogoMutation();

  async function upload(file: File) {
    const result = await changeLogo({ tradeId, file });
    return result.error ? { error: result.error } : { message: result.data.message };
  }

  return (
    <ImageUploadButton
      label="Change Logo"
      busy={isLoading}
      disabled={disabled}
      upload={upload}
      successFallback={MESSAGES.logoUpdated}
    />
  );
}
