import { PAGE_SIZE } from './query';

/**
 * The best `wanted` of a stream of (slot, score): score descending, then slot ascending (the day's rotation).
 * Insertion into a short sorted array: a page is at most 90 deep, and most offers lose to the last kept.
 */
export class TopSlots {
  readonly slots: number[] = [];
  readonly scores: number[] = [];

  /** Once full, the last kept's score: a lower one cannot enter, an equal one only with a lower slot (−∞ before). */
  threshold = Number.NEGATIVE_INFINITY;

  constructor(private readonly wanted: number) {}

  offer(slot: number, score: number): void {
    const { slots, scores } = this;
    const length = slots.length;
    if (length === this.wanted) {
      const lastScore = scores[length - 1] as number;
      if (score < lastScore || (score === lastScore && slot > (slots[length - 1] as number))) return;
    }
    let at = length;
    while (at > 0) {
      const before = scores[at - 1] as number;
      if (before > score || (before === score && (slots[at - 1] as number) < slot)) break;
      at -= 1;
    }
    slots.splice(at, 0, slot);
    scores.splice(at, 0, score);
    if (slots.length > this.wanted) {
      slots.pop();
      scores.pop();
    }
    if (slots.length === this.wanted) this.threshold = scores[this.wanted - 1] as number;
  }

  /** A slot offered before with a lower score: kept with the higher one (or offered, if it was not kept). */
  raise(slot: number, score: number): void {
    const at = this.slots.indexOf(slot);
    if (at >= 0) {
      if ((this.scores[at] as number) >= score) return;
      this.slots.splice(at, 1);
      this.scores.splice(at, 1);
      // One fewer kept: the threshold is no longer known to hold until the list fills again.
      this.threshold = Number.NEGATIVE_INFINITY;
    }
    this.offer(slot, score);
  }

  page(page: number): number[] {
    return this.slots.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  }
}
