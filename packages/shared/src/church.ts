import { z } from 'zod';
import { CHURCH_PAGE_SIZE } from './constants';
import { stateFilterParameterSchema } from './state-schemas';
import { pageSchema, pagingSchema, typedTextSchema } from './trade-search';

export const CHURCH_NAME_SEARCH_MAX_LENGTH = 100;

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
}).meta({ id: 'Church' });
export type ChurchSummary = z.infer<typeof churchSummarySchema>;

export const churchPageSchema = pageSchema(churchSummarySchema).meta({ id: 'ChurchPage' });

/** Query of `GET /api/churches/stateChurches`: every enabled church of a state (ALL: of every state). */
export const stateChurchesQuerySchema = z.object({ stateType: stateFilterParameterSchema });

/** Query of `GET /api/churches/search`: enabled churches by name and state, a page at a time. */
export const churchSearchQuerySchema = z.object({
  ...pagingSchema(CHURCH_PAGE_SIZE),
  name: typedTextSchema(CHURCH_NAME_SEARCH_MAX_LENGTH).describe(
    `Part of the church's name, any case; text beyond ${CHURCH_NAME_SEARCH_MAX_LENGTH} characters is cut, empty or absent means any`,
  ),
  stateType: stateFilterParameterSchema,
});
export type ChurchSearchQuery = z.infer<typeof churchSearchQuerySchema>;
