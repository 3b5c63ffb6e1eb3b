import { createBrowserRouter, type RouteObject } from 'react-router';
import { PublicLayout } from '../components/layouts/public-layout';
import { paths } from './paths';
import { PageLoading } from './routes/page-loading';
import { RouteError } from './routes/route-error';

/**
 * The route table. Pages are loaded on first visit (`lazy`), so the first screen downloads only the
 * layout and the search page; the form pages to come (login, register, trade, account) stay out of it.
 * Pages come from features through dynamic imports only: app/ composes features, it does not depend on them.
 */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    // Shown only while the first page's code arrives; later navigations keep the current page meanwhile.
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        path: paths.home.path,
        lazy: async () => {
          const { SearchPage } = await import('../features/search/components/search-page');
          return { Component: SearchPage };
        },
      },
      {
        path: paths.about.path,
        lazy: async () => {
          const { AboutPage } = await import('../features/static-pages/components/about-page');
          return { Component: AboutPage };
        },
      },
      {
        path: paths.privacyPolicy.path,
        lazy: async () => {
          const { PrivacyPolicyPage } = await import('../features/static-pages/components/privacy-policy-page');
          return { Component: PrivacyPolicyPage };
        },
      },
      {
        path: paths.termsAndConditions.path,
        lazy: async () => {
          const { TermsAndConditionsPage } = await import(
            '../features/static-pages/components/terms-and-conditions-page'
          );
          return { Component: TermsAndConditionsPage };
        },
      },
      {
        path: paths.donation.path,
        lazy: async () => {
          const { DonationPage } = await import('../features/static-pages/components/donation-page');
          return { Component: DonationPage };
        },
      },
      {
        path: '*',
        lazy: async () => {
          const { NotFoundRoute } = await import('./routes/not-found');
          return { Component: NotFoundRoute };
        },
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
