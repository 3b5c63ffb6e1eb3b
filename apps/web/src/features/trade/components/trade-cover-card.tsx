import { MESSAGES } from '@churchtrades/shared/messages';
import type { OwnTrade } from '@churchtrades/shared/trade-dashboard';
import Card from 'react-bootstrap/Card';
import { CoverPicture } from '../../../components/cover-picture/cover-picture';
import { ImageUploadButton } from '../../../components/form/image-upload-button';
import { useChangeCoverPictureMutation } from '../api/trade-api';
import './trade-cover-card.css';

/**
 * The cover picture at the top of the business's public page (or a neutral empty frame of the same shape) and
 * 'Change cover picture', beside the logo card.
 */
export function TradeCoverCard({ trade, readOnly }: { trade: OwnTrade; readOnly: boolean }) {
  const [changeCoverPicture, { isLoading }] = useChangeCoverPictureMutation();

  async function upload(file: File) {
    const result = await changeCoverPicture({ tradeId: trade.id, file });
    return result.error ? { error: result.error } : { message: result.data.message };
  }

  return (
    <Card className="text-center">
      <Card.Body className="d-flex flex-column align-items-center gap-2">
        <h2 className="h6 mb-0 align-self-start">Cover picture</h2>
        {trade.image ? (
          <CoverPicture name={trade.name} src={trade.image} className="rounded border" />
        ) : (
          <svg
            viewBox="0 0 160 90"
            className="trade-dashboard-cover-placeholder rounded"
            role="img"
            aria-label="No cover picture yet"
          >
            <path d="M0 70 L45 38 L75 60 L105 30 L160 72 V90 H0 Z" />
            <circle cx="122" cy="22" r="9" />
          </svg>
        )}
        <ImageUploadButton
          label="Change cover picture"
          busy={isLoading}
          disabled={readOnly}
          upload={upload}
          successFallback={MESSAGES.coverPictureUpdated}
        />
      </Card.Body>
    </Card>
  );
}
