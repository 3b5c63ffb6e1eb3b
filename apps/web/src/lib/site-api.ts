import type { Envelope } from '@churchtrades/shared/envelope';
// A type-only import: the zod schema beside it stays out of the bundles of the pages that use it.
import type { SiteInfo } from '@churchtrades/shared/site';
import { api } from './api';

/** Here rather than in a feature because the static pages and the maps (search, business page) all read it. */
const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Support e-mail, bank details and map tiles come from the server's configuration, never from the web app. */
    getSiteInfo: build.query<SiteInfo, void>({
      query: () => '/site',
      transformResponse: (answer: Envelope<{ site: SiteInfo }>) => answer.data.site,
    }),
  }),
});

export const { useGetSiteInfoQuery } = siteApi;
