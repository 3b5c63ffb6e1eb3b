import type { ChurchSearchQuery, ChurchSummary } from '@churchtrades/shared/church';
import { STATE_FILTER_ALL, type StateFilter } from '@churchtrades/shared/states';
import type { Page } from '@churchtrades/shared/trade-search';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { ChurchRepo } from './repo';

export const CHURCH_NOT_FOUND_MESSAGE = 'Church not found';

const isUuid = (value: string) => z.uuid().safeParse(value).success;

function stateOf(state: StateFilter) {
  return state === STATE_FILTER_ALL ? {} : { stateType: state };
}

/** The public side of churches: only enabled churches are ever shown. */
export function createChurchService(repo: ChurchRepo) {
  return {
    /** Every enabled church of a state (ALL: of every state) by name, for the church select. */
    async listByState(state: StateFilter): Promise<ChurchSummary[]> {
      return repo.listEnabled({ ...stateOf(state), nameContains: '' });
    },

    /** Enabled churches whose name contains the text (any case), by name, a page at a time. */
    async search(query: ChurchSearchQuery): Promise<Page<ChurchSummary>> {
      const filter = { ...stateOf(query.stateType), nameContains: query.name };
      // Churches number in the thousands at most: counting them exactly is cheap.
      const [content, totalElements] = await Promise.all([
        repo.listEnabled(filter, { offset: query.page * query.size, limit: query.size }),
        repo.countEnabled(filter),
      ]);
      return {
        content,
        number: query.page,
        size: query.size,
        totalElements,
        totalPages: Math.ceil(totalElements / query.size),
      };
    },

    /** An enabled church; anything else, a malformed id included, is simply not found. */
    async findEnabled(id: string): Promise<ChurchSummary> {
      const church = isUuid(id) ? await repo.findEnabled(id) : undefined;
      if (!church) throw new AppError('NOT_FOUND', CHURCH_NOT_FOUND_MESSAGE);
      return church;
    },
  };
}

export type ChurchService = ReturnType<typeof createChurchService>;
