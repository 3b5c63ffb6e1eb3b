import { z } from 'zod';
import { CHURCH_PAGE_SIZE } from './constants';
import { emailLookupSchema, requiredString } from './fields';
import { MESSAGES } from './messages';
import { stateFilterParameterSchema } from './state-schemas';
import { REAL_STATES } from './states';
import { churchSummarySchema } from './church';
import { pageSchema, pagingSchema, typedTextSchema } from './trade-search';

export const CHURCH_NAME_MAX_LENGTH = 150;
export const CHURCH_ROLES = ['PRIEST', 'MODERATOR'] as const;
export type ChurchRole = (typeof CHURCH_ROLES)[number];

const optionalText = (maxLength: number, message: string) =>
  z
    .string()
    .max(maxLength, { error: message })
    .optional()
    .transform((text) => text?.trim() || null);

const optionalCoordinate = (limit: number) =>
  z
    .union([z.literal(''), z.coerce.number<number | string>().min(-limit, MESSAGES.coordinateInvalid).max(limit, MESSAGES.coordinateInvalid)])
    .nullable()
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value));

/** `POST /api/churches/register`: a church as an administrator (or its state's governor) enters it. */
export const churchFormSchema = z.object({
  name: requiredString(2, MESSAGES.churchNameRequired).max(CHURCH_NAME_MAX_LENGTH, { error: MESSAGES.churchNameTooLong }),
  stateType: z.enum(REAL_STATES, { error: MESSAGES.chooseState }),
  suburb: optionalText(100, MESSAGES.suburbTooLong),
  postcode: z
    .union([z.literal(''), z.string().regex(/^\d{4}$/, { error: MESSAGES.postcodeInvalid })])
    .nullable()
    .optional()
    .transform((postcode) => postcode || null),
  latitude: optionalCoordinate(90),
  longitude: optionalCoordinate(180),
});
export type ChurchFormInput = z.infer<typeof churchFormSchema>;
export type ChurchFormValues = z.input<typeof churchFormSchema>;

/** `PATCH /api/churches/update`. */
export const churchUpdateSchema = churchFormSchema.extend({ churchId: z.uuid({ error: MESSAGES.chooseChurch }) });
export type ChurchUpdateInput = z.infer<typeof churchUpdateSchema>;

/** `PATCH /api/churches/toggleEnabled?churchId=`, `toggleModerated`, `GET /api/masterUser/churchPriests?churchId=`. */
export const churchKeyQuerySchema = z.object({ churchId: z.uuid({ error: MESSAGES.chooseChurch }).describe("The church's id (a UUID)") });

/** `GET /api/churches/manage/{id}`. */
export const churchIdParamsSchema = z.object({ id: z.uuid({ error: MESSAGES.chooseChurch }).describe("The church's id (a UUID)") });

/** The multipart form of `PATCH /api/churches/logo` and `/image`: these fields and the image in `file`. */
export const churchImageFieldsSchema = z.object({ churchId: z.uuid({ error: MESSAGES.chooseChurch }) });

/** `GET /api/churches/manage`: every church (disabled ones too) a governor or administrator may manage. */
export const churchManageQuerySchema = z.object({
  ...pagingSchema(CHURCH_PAGE_SIZE),
  name: typedTextSchema(100).describe("Part of the church's name, any case; text beyond 100 characters is cut, empty or absent means any"),
  stateType: stateFilterParameterSchema,
});
export type ChurchManageQuery = z.infer<typeof churchManageQuerySchema>;
export type ChurchManageParams = z.input<typeof churchManageQuerySchema>;

/** `data.church` / `data.churches.content[]` of the church administration calls. */
export const churchAdminSchema = churchSummarySchema.extend({
  image: z.string().nullable(),
  enabled: z.boolean(),
  /** On: its businesses wait for a moderator's approval. Off: they are approved as they are submitted. */
  moderated: z.boolean(),
  tradeCount: z.number().int(),
  pendingCount: z.number().int(),
}).meta({ id: 'ManagedChurch' });
export type ChurchAdmin = z.infer<typeof churchAdminSchema>;
export const churchAdminPageSchema = pageSchema(churchAdminSchema).meta({ id: 'ManagedChurchPage' });

/** `data.users[]` of `GET /api/masterUser/churchPriests` and `churchModerators`. */
export const churchMemberSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.string(),
  churchRole: z.enum(CHURCH_ROLES),
}).meta({ id: 'ChurchMember' });
export type ChurchMember = z.infer<typeof churchMemberSchema>;

/**
 * `POST /api/masterUser/churchMembers` (attach) and `PATCH /api/masterUser/churchMembers/remove` (detach): the
 * user, named by e-mail, serves the church as its priest or a moderator. Attaching raises a lower role to
 * PRIEST or MODERATOR; detaching changes no role.
 */
export const churchMembershipSchema = z.object({
  churchId: z.uuid({ error: MESSAGES.chooseChurch }),
  email: emailLookupSchema,
  churchRole: z.enum(CHURCH_ROLES, { error: MESSAGES.chooseChurchRole }),
}).meta({ id: 'ChurchMembership' });
export type ChurchMembershipInput = z.infer<typeof churchMembershipSchema>;
