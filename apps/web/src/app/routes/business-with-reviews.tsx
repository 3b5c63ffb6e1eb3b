import { BusinessPage } from '../../features/business/components/business-page';
import { ReviewNotice } from '../../features/reviews/components/review-notice';
import { TradeReviewsSection } from '../../features/reviews/components/trade-reviews';

/** A business's public page with its reviews: the two features meet here, as features do not import each other. */
export function BusinessWithReviews() {
  return <BusinessPage ReviewNotice={ReviewNotice} Reviews={TradeReviewsSection} />;
}
