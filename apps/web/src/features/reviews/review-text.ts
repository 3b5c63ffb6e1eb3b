/** "1 review is waiting for a moderator", "3 reviews are waiting for a moderator". */
export function waitingText(count: number): string {
  return count === 1 ? '1 review is waiting for a moderator' : `${count} reviews are waiting for a moderator`;
}

/** A filter button's words: "All", "1 star", "5 stars". */
export function starsFilterText(stars: number | undefined): string {
  if (stars === undefined) return 'All';
  return stars === 1 ? '1 star' : `${stars} stars`;
}
