import type { ReviewRelation } from '@churchtrades/shared/reviews';

/**
 * How the reviewer knows the business, as it shows beside their review. "Same church" is a tag of its own (the
 * reviewer said so, or their account is a member of the business's church), so it is not repeated here.
 */
export const REVIEW_RELATION_NAMES: Readonly<Record<ReviewRelation, string>> = {
  CUSTOMER: 'Customer',
  SAME_CHURCH: 'Customer',
  FRIEND: 'Customer and friend of the owner',
  FAMILY: 'Family of the owner',
  EMPLOYEE: 'Works or worked for the business',
};
