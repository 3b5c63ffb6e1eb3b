import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PublicLayout } from '../components/layouts/public-layout';
import { paths } from '../config/paths';
import { PageLoading } from '../components/page-loading';
import { RouteError } from './routes/route-error';

/**
 * The route table. Pages are loaded on first visit (`lazy`), so the first screen downloads only the
 * layout and the search page; the form pages (login, register, account, business) and the authenticated
 * layout stay out of it.
 * Pages come from features through dynamic imports only: app/ composes features, it does not depend on them.
 */
/**
 * On the first visit the public layout (menu and footer) paints at once, with a spinner in the page's place while
 * the page's code arrives; later navigations keep the current page meanwhile. The spinner fills the screen, so the
 * footer starts below it and does not jump when the page comes. The page names the tab meanwhile, as the title
 * served with it is gone (main.tsx).
 */
function withLayoutWhileLoading(page: RouteObject): RouteObject {
  const waiting = (
    <>
      <title>ChurchTrades</title>
      <PageLoading fillsScreen />
    </>
  );
  return { ...page, hydrateFallbackElement: waiting };
}

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
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
        path: paths.business.path,
        lazy: async () => {
          const { BusinessWithReviews } = await import('./routes/business-with-reviews');
          return { Component: BusinessWithReviews };
        },
        children: [
          {
            index: true,
            lazy: async () => {
              const { BusinessEnquiry } = await import('../features/enquiries/components/business-enquiry');
              return { Component: BusinessEnquiry };
            },
          },
        ],
      },
      {
        path: paths.askBusinesses.path,
        lazy: async () => {
          const { AskBusinessesPage } = await import('../features/enquiries/components/ask-businesses-page');
          return { Component: AskBusinessesPage };
        },
      },
      {
        path: paths.enquiryConfirm.path,
        lazy: async () => {
          const { ConfirmEnquiryPage } = await import('../features/enquiries/components/confirm-enquiry-page');
          return { Component: ConfirmEnquiryPage };
        },
      },
      {
        path: paths.enquiryConversation.path,
        lazy: async () => {
          const { ConversationPage } = await import('../features/enquiries/components/conversation-page');
          return { Component: ConversationPage };
        },
      },
      {
        path: paths.reviewWrite.path,
        lazy: async () => {
          const { WriteReviewPage } = await import('../features/reviews/components/write-review-page');
          return { Component: WriteReviewPage };
        },
      },
      {
        path: paths.login.path,
        lazy: async () => {
          const { LoginPage } = await import('../features/auth/components/login-page');
          return { Component: LoginPage };
        },
      },
      {
        path: paths.register.path,
        lazy: async () => {
          const { RegisterPage } = await import('../features/auth/components/register-page');
          return { Component: RegisterPage };
        },
      },
      {
        path: paths.resetPassword.path,
        lazy: async () => {
          const { ResetRequestPage } = await import('../features/auth/components/reset-request-page');
          return { Component: ResetRequestPage };
        },
      },
      {
        path: paths.verifyAccount.path,
        lazy: async () => {
          const { VerifyAccountPage } = await import('../features/auth/components/verify-account-page');
          return { Component: VerifyAccountPage };
        },
      },
      {
        path: paths.verifyEmail.path,
        lazy: async () => {
          const { VerifyEmailPage } = await import('../features/auth/components/verify-email-page');
          return { Component: VerifyEmailPage };
        },
      },
      {
        path: paths.undoEmailChange.path,
        lazy: async () => {
          const { UndoEmailChangePage } = await import('../features/auth/components/verify-email-page');
          return { Component: UndoEmailChangePage };
        },
      },
      {
        path: paths.letMeIn.path,
        lazy: async () => {
          const { LetMeInPage } = await import('../features/auth/components/let-me-in-page');
          return { Component: LetMeInPage };
        },
      },
      {
        path: paths.undoAccountDeletion.path,
        lazy: async () => {
          const { KeepAccountPage } = await import('../features/auth/components/keep-account-page');
          return { Component: KeepAccountPage };
        },
      },
      {
        path: paths.stillTrading.path,
        lazy: async () => {
          const { StillTradingPage } = await import('../features/still-trading/components/still-trading-page');
          return { Component: StillTradingPage };
        },
      },
      {
        path: paths.verifyPassword.path,
        lazy: async () => {
          const { PasswordResetPage } = await import('../features/auth/components/password-reset-page');
          return { Component: PasswordResetPage };
        },
      },
      {
        path: '*',
        lazy: async () => {
          const { NotFoundRoute } = await import('../components/not-found');
          return { Component: NotFoundRoute };
        },
      },
    ].map(withLayoutWhileLoading),
  },
  {
    // SPEC §2 "Authenticated area": its layout sends visitors without the logged-in flag to /login.
    lazy: async () => {
      const { AuthenticatedLayout } = await import('../components/layouts/authenticated-layout');
      return { Component: AuthenticatedLayout };
    },
    errorElement: <RouteError />,
    hydrateFallbackElement: (
      <>
        <title>ChurchTrades</title>
        <PageLoading />
      </>
    ),
    children: [
      {
        path: paths.trade.path,
        lazy: async () => {
          const { TradeLayout } = await import('../features/trade/components/trade-layout');
          return { Component: TradeLayout };
        },
        children: [
          { index: true, element: <Navigate to={paths.tradeProfile.getHref()} replace /> },
          {
            path: paths.tradeProfile.path,
            lazy: async () => {
              const { TradeProfilePage } = await import('../features/trade/components/trade-profile-page');
              return { Component: TradeProfilePage };
            },
          },
          {
            path: paths.tradeEnquiries.path,
            lazy: async () => {
              const { EnquiriesPage } = await import('../features/trade/enquiries/enquiries-page');
              return { Component: EnquiriesPage };
            },
          },
          {
            path: paths.tradeEnquiry.path,
            lazy: async () => {
              const { EnquiryPage } = await import('../features/trade/enquiries/enquiry-page');
              return { Component: EnquiryPage };
            },
          },
          {
            path: paths.tradeReviews.path,
            lazy: async () => {
              const { ReviewsPage } = await import('../features/trade/reviews/reviews-page');
              return { Component: ReviewsPage };
            },
          },
          {
            path: paths.tradeAddress.path,
            lazy: async () => {
              const { AddressPage } = await import('../features/trade/components/address-page');
              return { Component: AddressPage };
            },
          },
          {
            path: paths.tradeMedia.path,
            lazy: async () => {
              const { SocialMediaPage } = await import('../features/trade/components/social-media-page');
              return { Component: SocialMediaPage };
            },
          },
          {
            path: paths.tradeOffers.path,
            lazy: async () => {
              const { OffersPage } = await import('../features/trade/components/offers-page');
              return { Component: OffersPage };
            },
          },
          {
            path: paths.tradeSetting.path,
            lazy: async () => {
              const { SettingsPage } = await import('../features/trade/components/settings-page');
              return { Component: SettingsPage };
            },
          },
        ],
      },
      {
        path: paths.account.path,
        lazy: async () => {
          const { AccountLayout } = await import('../features/account/components/account-layout');
          return { Component: AccountLayout };
        },
        children: [
          { index: true, element: <Navigate to={paths.accountProfile.getHref()} replace /> },
          {
            path: paths.accountProfile.path,
            lazy: async () => {
              const { ProfilePage } = await import('../features/account/components/profile-page');
              return { Component: ProfilePage };
            },
          },
          {
            path: paths.accountPassword.path,
            lazy: async () => {
              const { PasswordPage } = await import('../features/account/components/password-page');
              return { Component: PasswordPage };
            },
          },
          {
            path: paths.accountSessions.path,
            lazy: async () => {
              const { SessionsPage } = await import('../features/account/components/sessions-page');
              return { Component: SessionsPage };
            },
          },
          {
            path: paths.accountData.path,
            lazy: async () => {
              const { DataExportPage } = await import('../features/account/components/data-export-page');
              return { Component: DataExportPage };
            },
          },
          {
            path: paths.accountDelete.path,
            lazy: async () => {
              const { DeleteAccountPage } = await import('../features/account/components/delete-account-page');
              return { Component: DeleteAccountPage };
            },
          },
        ],
      },
      {
        path: paths.moderation.path,
        lazy: async () => {
          const { ModerationPage } = await import('../features/moderation/components/moderation-page');
          return { Component: ModerationPage };
        },
      },
      {
        path: paths.moderationEnquiries.path,
        lazy: async () => {
          const { EnquiryReportsPage } = await import('../features/moderation/components/enquiry-reports-page');
          return { Component: EnquiryReportsPage };
        },
      },
      {
        path: paths.moderationReviews.path,
        lazy: async () => {
          const { ReviewModerationPage } = await import('../features/moderation/components/review-moderation-page');
          return { Component: ReviewModerationPage };
        },
      },
      {
        path: paths.moderationTrade.path,
        lazy: async () => {
          const { ModerationTradePage } = await import('../features/moderation/components/moderation-trade-page');
          return { Component: ModerationTradePage };
        },
      },
      {
        path: paths.admin.path,
        lazy: async () => {
          const { AdminLayout } = await import('../features/admin/components/admin-layout');
          return { Component: AdminLayout };
        },
        children: [
          { index: true, element: <Navigate to={paths.adminChurches.getHref()} replace /> },
          {
            path: paths.adminChurches.path,
            lazy: async () => {
              const { ChurchesPage } = await import('../features/admin/churches/components/churches-page');
              return { Component: ChurchesPage };
            },
          },
          {
            path: paths.adminChurch.path,
            lazy: async () => {
              const { ChurchPage } = await import('../features/admin/churches/components/church-page');
              return { Component: ChurchPage };
            },
          },
          {
            path: paths.adminCategories.path,
            lazy: async () => {
              const { CategoriesPage } = await import('../features/admin/categories/components/categories-page');
              return { Component: CategoriesPage };
            },
          },
          {
            path: paths.adminUsers.path,
            lazy: async () => {
              const { UsersPage } = await import('../features/admin/users/components/users-page');
              return { Component: UsersPage };
            },
          },
          {
            path: paths.adminNewMasterUser.path,
            lazy: async () => {
              const { RegisterMasterUserPage } = await import(
                '../features/admin/users/components/register-master-user-page'
              );
              return { Component: RegisterMasterUserPage };
            },
          },
          {
            path: paths.adminUser.path,
            lazy: async () => {
              const { UserPage } = await import('../features/admin/users/components/user-page');
              return { Component: UserPage };
            },
          },
          {
            path: paths.adminTrades.path,
            lazy: async () => {
              const { TradesPage } = await import('../features/admin/trades/components/trades-page');
              return { Component: TradesPage };
            },
          },
          {
            path: paths.adminAudit.path,
            lazy: async () => {
              const { AuditPage } = await import('../features/admin/audit/components/audit-page');
              return { Component: AuditPage };
            },
          },
          {
            path: paths.adminMails.path,
            lazy: async () => {
              const { FailedMailsPage } = await import('../features/admin/mails/components/failed-mails-page');
              return { Component: FailedMailsPage };
            },
          },
          {
            path: paths.adminSettings.path,
            lazy: async () => {
              const { SettingsPage } = await import('../features/admin/settings/components/settings-page');
              return { Component: SettingsPage };
            },
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
