import { businessPath } from '@churchtrades/shared/business-page';

/**
 * Every route of the web app, in one table (SPEC §2). `path` is the route pattern given to the router;
 * `getHref` builds a link to it, so no screen spells a URL by hand.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },

  login: { path: '/login', getHref: () => '/login' },
  register: { path: '/register', getHref: () => '/register' },
  resetPassword: { path: '/resetpassword', getHref: () => '/resetpassword' },
  verifyAccount: {
    path: '/verify/account',
    getHref: (key: string) => `/verify/account?key=${encodeURIComponent(key)}`,
  },
  verifyEmail: {
    path: '/verify/email',
    getHref: (key: string) => `/verify/email?key=${encodeURIComponent(key)}`,
  },
  undoEmailChange: {
    path: '/verify/email/undo',
    getHref: (key: string) => `/verify/email/undo?key=${encodeURIComponent(key)}`,
  },
  // The "it's me" link mailed when logging in to an account is paused.
  letMeIn: {
    path: '/verify/login',
    getHref: (key: string) => `/verify/login?key=${encodeURIComponent(key)}`,
  },
  // The link mailed when the person asks for their account to be deleted: keeps it, within its days.
  undoAccountDeletion: {
    path: '/verify/deletion/undo',
    getHref: (key: string) => `/verify/deletion/undo?key=${encodeURIComponent(key)}`,
  },
  verifyPassword: {
    path: '/verify/password',
    getHref: (key: string) => `/verify/password?key=${encodeURIComponent(key)}`,
  },

  // The e-mailed one-click "Yes, still trading" link: public, the signed token in the query.
  stillTrading: {
    path: '/still-trading',
    getHref: (token: string) => `/still-trading?token=${encodeURIComponent(token)}`,
  },

  // Enquiries: the e-mailed confirmation and conversation links (public, their key or token in the query), and the
  // form asking the businesses chosen in a search.
  enquiryConfirm: {
    path: '/enquiries/confirm',
    getHref: (key: string) => `/enquiries/confirm?key=${encodeURIComponent(key)}`,
  },
  enquiryConversation: {
    path: '/enquiries/conversation',
    getHref: (token: string) => `/enquiries/conversation?token=${encodeURIComponent(token)}`,
  },
  askBusinesses: { path: '/enquiries/ask', getHref: () => '/enquiries/ask' },

  // Writing, reading and editing one's review of a business asked through the directory: a logged-in sender names
  // the enquiry, anyone else brings the token of their conversation's private link (public, in the query).
  reviewWrite: {
    path: '/reviews/write',
    getHref: (proof: { enquiryId: string } | { token: string }) =>
      'token' in proof
        ? `/reviews/write?token=${encodeURIComponent(proof.token)}`
        : `/reviews/write?enquiry=${encodeURIComponent(proof.enquiryId)}`,
  },

  about: { path: '/about', getHref: () => '/about' },
  privacyPolicy: { path: '/privacypolicy', getHref: () => '/privacypolicy' },
  termsAndConditions: { path: '/termsandconditions', getHref: () => '/termsandconditions' },
  donation: { path: '/donation', getHref: () => '/donation' },
  // The slug is optional so a shortened link (/business/{id}) still finds the business.
  business: { path: '/business/:id/:slug?', getHref: (id: string, name: string) => businessPath(id, name) },

  trade: { path: '/trade', getHref: () => '/trade' },
  tradeProfile: { path: '/trade/profile', getHref: () => '/trade/profile' },
  tradeAddress: {
    path: '/trade/address/:tradeId',
    getHref: (tradeId: string) => `/trade/address/${encodeURIComponent(tradeId)}`,
  },
  tradeMedia: {
    path: '/trade/media/:tradeId',
    getHref: (tradeId: string) => `/trade/media/${encodeURIComponent(tradeId)}`,
  },
  tradeOffers: {
    path: '/trade/offers/:tradeId',
    getHref: (tradeId: string) => `/trade/offers/${encodeURIComponent(tradeId)}`,
  },
  tradeEnquiries: {
    path: '/trade/enquiries',
    getHref: (search = '') => `/trade/enquiries${search}`,
  },
  // The owner's e-mail about a new enquiry links here.
  tradeEnquiry: {
    path: '/trade/enquiries/:id',
    getHref: (id: string) => `/trade/enquiries/${encodeURIComponent(id)}`,
  },
  // The page, from 0, in the query: /trade/reviews?page=1.
  tradeReviews: {
    path: '/trade/reviews',
    getHref: (page = 0) => (page > 0 ? `/trade/reviews?page=${page}` : '/trade/reviews'),
  },
  tradeSetting: {
    path: '/trade/setting/:tradeId',
    getHref: (tradeId: string) => `/trade/setting/${encodeURIComponent(tradeId)}`,
  },

  account: { path: '/account', getHref: () => '/account' },
  accountProfile: { path: '/account/profile', getHref: () => '/account/profile' },
  accountPassword: { path: '/account/password', getHref: () => '/account/password' },
  accountSessions: { path: '/account/sessions', getHref: () => '/account/sessions' },
  accountData: { path: '/account/data', getHref: () => '/account/data' },
  accountDelete: { path: '/account/delete', getHref: () => '/account/delete' },

  moderation: { path: '/moderation', getHref: () => '/moderation' },
  moderationEnquiries: { path: '/moderation/enquiries', getHref: () => '/moderation/enquiries' },
  moderationReviews: { path: '/moderation/reviews', getHref: () => '/moderation/reviews' },
  moderationTrade: {
    path: '/moderation/trades/:id',
    getHref: (id: string) => `/moderation/trades/${encodeURIComponent(id)}`,
  },

  admin: { path: '/admin', getHref: () => '/admin' },
  adminChurches: { path: '/admin/churches', getHref: () => '/admin/churches' },
  adminChurch: {
    path: '/admin/churches/:id',
    getHref: (id: string) => `/admin/churches/${encodeURIComponent(id)}`,
  },
  adminCategories: { path: '/admin/categories', getHref: () => '/admin/categories' },
  adminUsers: { path: '/admin/users', getHref: () => '/admin/users' },
  adminNewMasterUser: { path: '/admin/users/new', getHref: () => '/admin/users/new' },
  adminUser: {
    path: '/admin/users/:id',
    getHref: (id: string) => `/admin/users/${encodeURIComponent(id)}`,
  },
  adminTrades: { path: '/admin/trades', getHref: () => '/admin/trades' },
  adminAudit: { path: '/admin/audit', getHref: () => '/admin/audit' },
  adminMails: { path: '/admin/mails', getHref: () => '/admin/mails' },
  adminSettings: { path: '/admin/settings', getHref: () => '/admin/settings' },
} as const;
