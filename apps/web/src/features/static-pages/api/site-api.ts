import type { Envelope } from '@churchtrades/shared/envelope';
// A type-only import: the zod schema beside it stays out of the static pages' bundle.
import type { SiteInfo } from '@churchtrades/shared/site';
import { api } from '../../../lib/api';

const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Support e-mail and bank details come from the server's configuration, never from the web app. */
    getSiteInfo: build.query<SiteInfo, void>({
      query: () => '/site',
      transformResponse: (answer: Envelope<{ site: SiteInfo }>) => answer.data.site,
    }),
  }),
});

export const { useGetSiteInfoQuery } = siteApi;
