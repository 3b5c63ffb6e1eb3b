import { z } from 'zod';
import { CHURCH_PAGE_SIZE } from './constants';
import { stateFilterSchema } from './states';
import { pagingSchema } from './trade-search';

/** What the public sees of a church: enough for a select, a card and its location. */
export const churchSummarySchema = z.object({
  churchId: z.string(),
  name: z.string(),
  stateType: z.string(),
  suburb: z.string().nullable(),
  postcode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  logo: z.string().nullable(),
});
export type ChurchSummary = z.infer<typeof churchSummarySchema>;

const stateParameter = z
  .union([z.literal(''), stateFilterSchema])
  .optional()
  .transform((state) => (state === '' || state === undefined ? 'ALL' : state));

/** Query of `GET /api/churches/stateChurches`: every enabled church of a state (ALL: of every state). */
export const stateChurchesQuerySchema = z.object({ stateType: stateParameter });

/** Query of `GET /api/churches/search`: enabled churches by name and state, a page at a time. */
export const churchSearchQuerySchema = z.object({
  ...pagingSchema(CHURCH_PAGE_SIZE),
  name: z
    .string()
    .optional()
    .transform((name) => (name ?? '').slice(0, 100).trim()),
  stateType: stateParameter,
});
