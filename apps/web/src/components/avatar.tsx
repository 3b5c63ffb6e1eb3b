import './avatar.css';

/**
 * A user's photo in a circle, or a neutral silhouette when they have none. Decorative: the name always
 * stands beside it.
 */
export function Avatar({ imageUrl, size }: { imageUrl: string | null | undefined; size: number }) {
  const dimensions = { width: size, height: size };
  return imageUrl ? (
    <img src={imageUrl} alt="" {...dimensions} className="avatar rounded-circle" />
  ) : (
    <svg viewBox="0 0 64 64" {...dimensions} className="avatar avatar-placeholder rounded-circle" aria-hidden="true">
      <circle cx="32" cy="24" r="12" />
      <path d="M10 58c0-12 10-20 22-20s22 8 22 20z" />
    </svg>
  );
}
