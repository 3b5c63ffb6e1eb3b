import { z } from 'zod';
import { MESSAGES } from './messages';

/** One logged-in session of the account, as `GET /user/sessions` lists it: never its token or its hash. */
export const sessionViewSchema = z.object({
  /** An id of its own, for ending it. */
  sessionId: z.string(),
  /** The browser and system it was logged in from, e.g. "Firefox on Windows". */
  device: z.string(),
  /** The network it was logged in from: an IPv4 address, or the /64 of an IPv6 one. */
  network: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of the browser asking. */
  current: z.boolean(),
}).meta({ id: 'Session' });
export type SessionView = z.infer<typeof sessionViewSchema>;

/** `data` of `GET /user/sessions`: the most recently used first. */
export const sessionListSchema = z.object({ sessions: z.array(sessionViewSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

/** `DELETE /user/sessions/{sessionId}`. */
export const sessionIdParamsSchema = z.object({
  sessionId: z
    .string()
    .regex(/^[\w-]{22}$/, { error: MESSAGES.sessionNotFound })
    .describe("The session's id as GET /api/user/sessions lists it, 22 characters"),
});
export type SessionIdParams = z.infer<typeof sessionIdParamsSchema>;
