const MOST_STARS = 5;

/** A review's stars, drawn as five (in colours dark enough to read on white) and read out as "4 out of 5 stars". */
export function ReviewStars({ stars }: { stars: number }) {
  const label = `${stars} out of ${MOST_STARS} stars`;
  const filled = Math.min(MOST_STARS, Math.max(0, stars));
  return (
    <span role="img" aria-label={label} title={label} className="text-warning-emphasis text-nowrap">
      {'★'.repeat(filled)}
      <span className="text-body-secondary">{'☆'.repeat(MOST_STARS - filled)}</span>
    </span>
  );
}
