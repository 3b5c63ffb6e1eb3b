import type { ReviewRelation } from '@churchtrades/shared/reviews';
import Badge from 'react-bootstrap/Badge';
import { REVIEW_RELATION_NAMES } from './review-relation';

interface ReviewTagsProps {
  relation: ReviewRelation;
  sameChurch: boolean;
  /** Set when the reviewer changed the review after writing it. */
  editedAt: string | null;
}

/** How the reviewer knows the business, and the tags a reader weighs a review by: "Same church" and "Edited". */
export function ReviewTags({ relation, sameChurch, editedAt }: ReviewTagsProps) {
  return (
    <span className="d-inline-flex flex-wrap align-items-center gap-2">
      {/* The spaces are for reading aloud; the flex gap spaces them on screen. */}
      <span>{REVIEW_RELATION_NAMES[relation]}</span>{' '}
      {sameChurch && (
        <Badge bg="info" text="dark">
          Same church
        </Badge>
      )}{' '}
      {editedAt !== null && <Badge bg="secondary">Edited</Badge>}
    </span>
  );
}
