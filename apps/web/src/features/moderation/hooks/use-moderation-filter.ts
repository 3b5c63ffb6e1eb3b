import { useMemo } from 'react';
import { type To, useNavigate, useSearchParams } from 'react-router';
import {
  applyModerationChange,
  type ModerationFilterChange,
  moderationFilterQuery,
  readModerationFilter,
} from '../moderation-filter';

/** The /moderation filter of the URL, links to other filters (tabs, churches, pages) and a way to change it. */
export function useModerationFilter() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const filter = useMemo(() => readModerationFilter(searchParams), [searchParams]);

  return {
    filter,
    /** A chosen filter is a new history entry, so Back undoes it; the filters must not jump to the top. */
    changeFilter(change: ModerationFilterChange) {
      const search = moderationFilterQuery(applyModerationChange(filter, change));
      void navigate({ search }, { preventScrollReset: true });
    },
    hrefFor(change: ModerationFilterChange): To {
      return { search: moderationFilterQuery(applyModerationChange(filter, change)) };
    },
    hrefForPage(page: number): To {
      return { search: moderationFilterQuery({ ...filter, page }) };
    },
  };
}

export type ModerationFilterControls = ReturnType<typeof useModerationFilter>;
