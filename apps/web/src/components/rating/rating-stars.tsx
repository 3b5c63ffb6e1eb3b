import { ratingLabel, type TradeRating } from '@churchtrades/shared/rating';
import './rating-stars.css';

/** "4 out of 5 stars": what a screen reader says for one review's stars. */
function starsText(stars: number): string {
  return `${stars} out of 5 stars`;
}

/** "4.3 out of 5 · 12 reviews", as the business page writes its rating. */
function ratingSummaryText({ average, count }: TradeRating): string {
  return `${average.toFixed(1)} out of 5 · ${count} reviews`;
}

/** Five stars filled to `stars` (of 5), for the eye only: whoever shows them says the number in words too. */
function StarGlyphs({ stars }: { stars: number }) {
  return (
    <span className="star-glyphs" aria-hidden="true">
      <span className="star-glyphs-filled" style={{ width: `${(stars / 5) * 100}%` }}>
        ★★★★★
      </span>
      ★★★★★
    </span>
  );
}

/** One review's stars, read aloud as "4 out of 5 stars". */
export function ReviewStars({ stars }: { stars: number }) {
  return (
    <span role="img" aria-label={starsText(stars)}>
      <StarGlyphs stars={stars} />
    </span>
  );
}

/** A result card's rating, short to the eye ("4.3 (12)") and whole to a screen reader. */
export function CardRating({ rating }: { rating: TradeRating }) {
  return (
    <span role="img" aria-label={ratingLabel(rating)} className="small">
      <StarGlyphs stars={rating.average} /> {rating.average.toFixed(1)} ({rating.count})
    </span>
  );
}

/** A business's rating on its page: the stars, then "4.3 out of 5 · 12 reviews". */
export function RatingSummary({ rating }: { rating: TradeRating }) {
  return (
    <span className="d-inline-flex align-items-center gap-2">
      <StarGlyphs stars={rating.average} />
      <span>{ratingSummaryText(rating)}</span>
    </span>
  );
}
