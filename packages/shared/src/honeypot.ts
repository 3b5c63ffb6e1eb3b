import { z } from 'zod';
import { MESSAGES } from './messages';

/**
 * A field people never see (hidden from view and from screen readers) and so leave empty; form-filling robots
 * fill it. The registration, listing and contact forms carry it and the server refuses any value in it.
 */
export const HONEYPOT_FIELD = 'homepage';

export const honeypotSchema = {
  [HONEYPOT_FIELD]: z.string().max(0, { error: MESSAGES.formRefused }).optional(),
};
