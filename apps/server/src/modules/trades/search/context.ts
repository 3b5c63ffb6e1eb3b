import type { Clock } from '../../../clock';
import type { TradeRepo } from '../repo';
import type { TradeSearchLimits } from './limits';

/** What every search strategy reads, made once by the trade service. */
export interface SearchContext {
  repo: TradeRepo;
  limits: TradeSearchLimits;
  /** The instant "Verified only" is judged at. */
  clock: Clock;
  /** The words of the categories, which typos are corrected to (see `keptVocabulary` in typo.ts). */
  vocabulary: () => Promise<string[]>;
}
