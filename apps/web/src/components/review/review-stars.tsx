const MOST_STARS = 5;

/** A review's stars, drawn as five and read out as "4 out of 5 stars". */
export function ReviewStars({ stars }: { stars: number }) {
  const label = `${stars} out of ${MOST_STARS} stars`;
  return (
    <span role="img" aria-label={label} title={label} className="text-warning text-nowrap">
      {'★'.repeat(stars)}
      <span className="text-body-tertiary">{'☆'.repeat(Math.max(0, MOST_STARS - stars))}</span>
    </span>
  );
}
