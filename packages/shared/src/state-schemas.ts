import { z } from 'zod';
import { REAL_STATES, STATE_FILTER_ALL, STATE_FILTER_VALUES, type StateFilter } from './states';

export const stateSchema = z.enum(REAL_STATES);

export const STATE_FILTER_MESSAGE = `State must be one of ${STATE_FILTER_VALUES.join(', ')}`;

export const stateFilterSchema = z.enum(STATE_FILTER_VALUES, { error: STATE_FILTER_MESSAGE }).default(STATE_FILTER_ALL);

/** A state filter in a query string, where '' or absence mean ALL and anything unknown is refused. */
export const stateFilterParameterSchema = z
  .union([z.literal(''), stateFilterSchema], { error: STATE_FILTER_MESSAGE })
  .optional()
  .transform((state): StateFilter => (state === '' || state === undefined ? STATE_FILTER_ALL : state))
  .describe(`Only those of this state or territory; ${STATE_FILTER_ALL}, '' or absence mean every state`);
