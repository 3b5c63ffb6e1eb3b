import type { MapPointsQuery } from '@churchtrades/shared/map';
import type { DirectoryFilter } from '../repo';

/** The search page's filters as the directory's queries take them; "Verified only" means verified at `now`. */
export function filterOf(query: MapPointsQuery, now: Date): DirectoryFilter {
  return {
    ...(query.verified ? { verifiedAt: now } : {}),
    ...(query.minRating === undefined ? {} : { minRating: query.minRating }),
    ...(query.stateType === 'ALL' ? {} : { stateType: query.stateType }),
    ...(query.churchId === undefined ? {} : { churchId: query.churchId }),
    ...(query.mCat === undefined ? {} : { mainCategoryId: query.mCat }),
    ...(query.sCat === undefined ? {} : { categoryId: query.sCat }),
  };
}
