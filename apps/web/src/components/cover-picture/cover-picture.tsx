import { coverPictureAlt } from '@churchtrades/shared/business-page';
import { COVER_PICTURE_HEIGHT, COVER_PICTURE_WIDTH } from '@churchtrades/shared/constants';
import './cover-picture.css';

interface CoverPictureProps {
  /** The business's name, which the text alternative names. */
  name: string;
  src: string;
  className?: string;
  /** At the top of a page it is the largest thing painted first: fetched at once and before other images. */
  atTop?: boolean;
}

/** A business's cover picture (16:9): its width and height reserve its place, so nothing moves when it arrives. */
export function CoverPicture({ name, src, className, atTop = false }: CoverPictureProps) {
  return (
    <img
      src={src}
      alt={coverPictureAlt(name)}
      width={COVER_PICTURE_WIDTH}
      height={COVER_PICTURE_HEIGHT}
      loading={atTop ? 'eager' : 'lazy'}
      fetchPriority={atTop ? 'high' : 'auto'}
      decoding="async"
      className={['cover-picture', className].filter(Boolean).join(' ')}
    />
  );
}
