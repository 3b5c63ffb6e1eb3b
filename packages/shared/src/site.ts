import { z } from 'zod';
import { roleSchema } from './roles';

/** Public facts of the site that come from configuration (static pages, map). */
export const siteInfoSchema = z.object({
  supportEmail: z.string(),
  bank: z.object({ accountName: z.string(), bsb: z.string(), accountNumber: z.string() }),
  mapTileUrl: z.string(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

/** `data.profile` of `GET /api/utils/profile`: what the site runs as. */
export const siteProfileSchema = z.object({
  environment: z.string().meta({ description: 'NODE_ENV: production, development or test' }),
  version: z.string().meta({ description: "The server's package version" }),
  supportEmail: z.string(),
});
export type SiteProfile = z.infer<typeof siteProfileSchema>;

/** `data` of `GET /api/utils/roleList`. */
export const roleListSchema = z.object({
  roles: z.array(roleSchema).meta({ description: 'Every role, from least to most powerful; SELECT means none chosen' }),
  grantable: z.array(roleSchema).meta({
    description: 'The roles the caller may give another user (PATCH /api/user/updateRole); none for a visitor',
  }),
});
export type RoleList = z.infer<typeof roleListSchema>;
