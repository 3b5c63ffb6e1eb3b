import { z } from 'zod';

/** Public facts of the site that come from configuration (static pages, map). */
export const siteInfoSchema = z.object({
  supportEmail: z.string(),
  bank: z.object({ accountName: z.string(), bsb: z.string(), accountNumber: z.string() }),
  mapTileUrl: z.string(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
