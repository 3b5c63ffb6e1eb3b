import type { ChurchAdmin } from '@churchtrades/shared/church-admin';
import { MESSAGES } from '@churchtrades/shared/messages';
import Card from 'react-bootstrap/Card';
import { ImageUploadButton } from '../../../../components/form/image-upload-button';
import { useChangeChurchImageMutation } from '../api/church-admin-api';
import './church-images.css';

const PICTURES = [
  { kind: 'LOGO', label: 'Logo', button: 'Change Logo', fallback: MESSAGES.logoUpdated },
  { kind: 'IMAGE', label: 'Image', button: 'Change Image', fallback: MESSAGES.churchUpdated },
] as const;

/** The church's logo and its picture, each replaced by the image chosen. */
export function ChurchImages({ church }: { church: ChurchAdmin }) {
  const [changeImage, { isLoading, originalArgs }] = useChangeChurchImageMutation();

  return (
    <Card as="section" aria-labelledby="church-images-heading">
      <Card.Body className="d-flex flex-column gap-3">
        <h3 id="church-images-heading" className="h5 mb-0">
          Logo and image
        </h3>
        {PICTURES.map(({ kind, label, button, fallback }) => {
          const url = kind === 'LOGO' ? church.logo : church.image;
          return (
            <div key={kind} className="d-flex flex-column align-items-start gap-2">
              {url ? (
                <img src={url} alt={`${label} of ${church.name}`} className="img-thumbnail church-admin-picture" />
              ) : (
                <p className="text-body-secondary mb-0">No {label.toLowerCase()} yet</p>
              )}
              <ImageUploadButton
                label={button}
                busy={isLoading && originalArgs?.kind === kind}
                disabled={isLoading}
                upload={async (file) => {
                  const result = await changeImage({ kind, churchId: church.churchId, file });
                  return result.error ? { error: result.error } : { message: result.data.message };
                }}
                successFallback={fallback}
              />
            </div>
          );
        })}
      </Card.Body>
    </Card>
  );
}
