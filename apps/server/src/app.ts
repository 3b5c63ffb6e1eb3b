import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { type Clock, systemClock } from './clock';
import type { Config } from './config/config';
import type { Database } from './db/database';
import { transactionalDatabase } from './db/transactions';
import { type BackgroundWork, createBackgroundWork } from './background';
import { APP_VERSION } from './app-version';
import { registerErrorHandling } from './http/error-handler';
import { answerClientError, answerFrameworkError } from './http/framework-errors';
import { completeDocument, type OpenApiDocument } from './http/openapi';
import { documentAccess, SESSION_SCHEME, sessionCookieScheme } from './http/openapi-refusals';
import { type LogDestination, serializeRequest } from './http/request-log';
import { securityPlugin } from './http/security';
import { keepTextStorable } from './http/storable-text';
import { readWebManifest } from './http/page-preloads';
import { readIndexHtml, webAppPlugin } from './http/web-app';
import { addressServiceSource } from './modules/address-lookup/address-service-client';
import { createAddressLookupRepo } from './modules/address-lookup/repo';
import { addressLookupRoutes } from './modules/address-lookup/routes';
import {
  addressIndexSource,
  createAddressLookupService,
  type PaidLookupGuard,
} from './modules/address-lookup/service';
import { createAuditRepo } from './modules/audit/repo';
import { auditRoutes } from './modules/audit/routes';
import { createAuditService } from './modules/audit/service';
import { createAddressRepo } from './modules/addresses/repo';
import { addressRoutes } from './modules/addresses/routes';
import { createAddressService } from './modules/addresses/service';
import { createBusinessPageRepo } from './modules/business-pages/repo';
import { businessPageRoutes } from './modules/business-pages/routes';
import { createBusinessPageService } from './modules/business-pages/service';
import { createCategoryRepo } from './modules/categories/repo';
import { categoryRoutes } from './modules/categories/routes';
import { createCategoryService } from './modules/categories/service';
import { clientErrorRoutes } from './modules/client-errors/routes';
import { createClientErrorService } from './modules/client-errors/service';
import { createChurchMemberRepo } from './modules/church-members/repo';
import { churchMemberRoutes } from './modules/church-members/routes';
import { createChurchMemberService } from './modules/church-members/service';
import { createChurchRepo } from './modules/churches/repo';
import { churchRoutes } from './modules/churches/routes';
import { createChurchService } from './modules/churches/service';
import { createAccountDeletionRepo } from './modules/account-deletion/repo';
import { accountDeletionRoutes } from './modules/account-deletion/routes';
import { createAccountDeletionService } from './modules/account-deletion/service';
import { createUndoLinks } from './modules/account-deletion/undo-links';
import { createArchiveStore } from './modules/data-exports/archive-store';
import { createDataExportRepo } from './modules/data-exports/repo';
import { dataExportRoutes } from './modules/data-exports/routes';
import { createDataExportService } from './modules/data-exports/service';
import { conversationLinks } from './modules/enquiries/conversation-link';
import { proofsOfWork } from './modules/enquiries/proof-of-work';
import { createEnquiryRepo } from './modules/enquiries/repo';
import { enquiryRoutes } from './modules/enquiries/routes';
import { createEnquiryService } from './modules/enquiries/service';
import { createEnquiryInboxRepo } from './modules/enquiry-inbox/repo';
import { enquiryInboxRoutes } from './modules/enquiry-inbox/routes';
import { createEnquiryInboxService } from './modules/enquiry-inbox/service';
import { createEnquiryReportRepo } from './modules/enquiry-reports/repo';
import { enquiryReportRoutes } from './modules/enquiry-reports/routes';
import { createEnquiryReportService } from './modules/enquiry-reports/service';
import { createReviewModerationRepo } from './modules/review-moderation/repo';
import { reviewModerationRoutes } from './modules/review-moderation/routes';
import { createReviewModerationService } from './modules/review-moderation/service';
import { healthRoutes } from './modules/health/routes';
import { createOutboxRepo } from './modules/mail/repo';
import { mailRoutes } from './modules/mail/routes';
import { createMailService } from './modules/mail/service';
import { createMetrics, type Metrics } from './modules/metrics/metrics';
import { requestMetricsPlugin } from './modules/metrics/plugin';
import { metricsRoutes } from './modules/metrics/routes';
import { createChurchCheckRepo } from './modules/church-checks/repo';
import { churchCheckRoutes } from './modules/church-checks/routes';
import { createChurchCheckService } from './modules/church-checks/service';
import { createModerationRepo } from './modules/moderation/repo';
import { moderationRoutes } from './modules/moderation/routes';
import { createModerationService } from './modules/moderation/service';
import { createRateLimitRepo } from './modules/rate-limits/repo';
import { createRateLimiter } from './modules/rate-limits/service';
import { createReviewRepo } from './modules/reviews/repo';
import { reviewRoutes } from './modules/reviews/routes';
import { createReviewService } from './modules/reviews/service';
import { sessionCookieName, sessionPlugin } from './modules/sessions/plugin';
import { createSessionRepo } from './modules/sessions/repo';
import { sessionRoutes } from './modules/sessions/routes';
import { createSessionService } from './modules/sessions/service';
import { siteInfo, siteProfile, siteRoutes } from './modules/site/routes';
import { createSiteSettingRepo } from './modules/site-settings/repo';
import { siteSettingRoutes } from './modules/site-settings/routes';
import { createSiteSettingService } from './modules/site-settings/service';
import { createSiteService } from './modules/site/service';
import { createSocialMediaRepo } from './modules/social-media/repo';
import { socialMediaRoutes } from './modules/social-media/routes';
import { createSocialMediaService } from './modules/social-media/service';
import { abnServiceOf } from './modules/abn/recheck-job';
import { stillTradingServiceOf } from './modules/still-trading/job';
import { stillTradingRoutes } from './modules/still-trading/routes';
import { createTradeAdminRepo } from './modules/trade-admin/repo';
import { tradeAdminRoutes } from './modules/trade-admin/routes';
import { createTradeAdminService } from './modules/trade-admin/service';
import { createTradeDashboardRepo } from './modules/trade-dashboard/repo';
import { tradeDashboardRoutes } from './modules/trade-dashboard/routes';
import { createTradeDashboardService } from './modules/trade-dashboard/service';
import { createTradeRepo } from './modules/trades/repo';
import { tradeRoutes } from './modules/trades/routes';
import { createMapAnswers } from './modules/trades/map-answers';
import { createTradeService } from './modules/trades/service';
import { createImageStore } from './modules/uploads/image-store';
import { uploadsPlugin } from './modules/uploads/plugin';
import { createUserAdminRepo } from './modules/user-admin/repo';
import { userAdminRoutes } from './modules/user-admin/routes';
import { createUserAdminService } from './modules/user-admin/service';
import { createUserRepo } from './modules/users/repo';
import { userRoutes } from './modules/users/routes';
import { createUserService } from './modules/users/service';
import { createTotpSecretBox } from './modules/users/totp-secrets';

export interface AppDependencies {
  config: Config;
  db: Database;
  /** The time as services read it; a test may pass its own. */
  clock?: Clock;
  /** How many map answers to keep between writes (trades/map-answers.ts); 0 computes every one. */
  mapAnswersKept?: number;
  /** Where the log goes; stdout unless a test reads it. */
  logDestination?: LogDestination;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

/** The external address service, guarded, when one is configured, else the built-in national address index. */
function addressLookupService(config: Config, db: Database, log: FastifyBaseLogger, paid: PaidLookupGuard) {
  const { addressApiUrl: url, addressApiKey: key, addressApiTimeoutMs: timeoutMs } = config;
  if (url === undefined || key === undefined) return createAddressLookupService(addressIndexSource(createAddressLookupRepo(db)));
  return createAddressLookupService(addressServiceSource({ url, key, timeoutMs, log }), paid);
}

/**
 * The proxies whose X-Forwarded-For is believed: the address counted is the right-most one they did not add.
 * Fastify trusts no one for a bare number of hops, so hops are counted here.
 */
function trustedProxies(trustProxy: Config['trustProxy']) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return trustProxy > 0 && ((_address: string, hop: number) => hop < trustProxy);
}

/**
 * Mail delivery and scheduled jobs in this process, from when the app is ready until it closes; the database
 * is closed after the app, so the batch in hand is marked before it goes.
 */
function startBackgroundWork(
  app: FastifyInstance,
  { db, config, clock, metrics }: { db: Database; config: Config; clock: Clock; metrics: Metrics },
): BackgroundWork {
  const background = createBackgroundWork({
    db,
    config,
    log: app.log,
    clock,
    onDelivery: (outcome) => metrics.observeDelivery(outcome),
    onJobRun: (job, outcome) => metrics.observeJobRun(job, outcome),
  });
  app.addHook('onReady', () => background.start());
  app.addHook('onClose', () => background.stop());
  return background;
}

export async function buildApp({
  config,
  db: database,
  clock = systemClock,
  mapAnswersKept,
  logDestination,
}: AppDependencies): Promise<FastifyInstance> {
  // The repos query through this `db`: inside `transactions.run`, whichever service asks, in that one transaction.
  const { db, transactions } = transactionalDatabase(database);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization'],
      // The one-time keys of e-mailed links arrive in the URL: they must not reach the log.
      serializers: { req: serializeRequest },
      ...(logDestination ? { stream: logDestination } : {}),
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustedProxies(config.trustProxy),
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  keepTextStorable(app);
  const outbox = createOutboxRepo(db);
  const metrics = createMetrics(db, () => outbox.counts());
  await app.register(requestMetricsPlugin, { metrics });

  await app.register(securityPlugin, { appOrigin: config.appOrigin, mapTileUrl: config.mapTileUrl });
  // Answers of 1 kB or more go compressed to browsers that accept it (the built files have their copies already).
  // Request bodies are never inflated: what arrives is what the body limit measured.
  await app.register(compress, { global: true, globalDecompression: false, encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(cookie, { secret: config.sessionSecret });
  const secureCookie = config.nodeEnv === 'production';
  // The document is always built (`app.swagger()`); serving it, with Swagger UI, is the operator's choice.
  await app.register(swagger, {
    openapi: {
      info: { title: 'ChurchTrades API', version: APP_VERSION },
      components: { securitySchemes: { [SESSION_SCHEME]: sessionCookieScheme(sessionCookieName(secureCookie)) } },
    },
    // Every route, whoever adds it, gets its security and refusals (http/openapi-refusals.ts), and its
    // operationId, description and tag (http/openapi.ts) here; shared schemas named with `.meta({ id })` become
    // components.
    transform: documentAccess(jsonSchemaTransform),
    transformObject: (documents) =>
      'openapiObject' in documents
        ? completeDocument(jsonSchemaTransformObject(documents) as OpenApiDocument, {
            appOrigin: config.appOrigin,
            supportEmail: config.supportEmail,
            version: APP_VERSION,
          })
        : documents.swaggerObject,
  });
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(healthRoutes, { db });

  const sessions = createSessionService(createSessionRepo(db), clock, config.sessionLimits);
  const rateLimits = createRateLimiter(createRateLimitRepo(db), clock);
  const background = config.backgroundWork ? startBackgroundWork(app, { db, config, clock, metrics }) : undefined;
  const images = createImageStore(config.uploadDir);
  const audit = createAuditService(createAuditRepo(db));
  const mail = createMailService({ repo: outbox, transactions, audit, from: config.mailFrom, onQueued: background?.nudgeMail });
  await app.register(sessionPlugin, { sessions, secureCookie });
  await app.register(uploadsPlugin, { uploadDir: config.uploadDir });
  await app.register(metricsRoutes, { metrics, token: config.metricsToken });

  const clientErrors = createClientErrorService({ rateLimits });
  const tradeAdmin = createTradeAdminService(createTradeAdminRepo(db));
  const categories = createCategoryService({ repo: createCategoryRepo(db), audit, transactions });
  const churches = createChurchService({ repo: createChurchRepo(db), audit, images, transactions });
  const churchMembers = createChurchMemberService({ repo: createChurchMemberRepo(db), churches, audit, transactions });
  const addressLookup = addressLookupService(config, db, app.log, { rateLimits, sessions, clock });
  const abn = abnServiceOf(db, config, clock, mail);
  const settings = createSiteSettingService({ repo: createSiteSettingRepo(db), audit, clock, transactions });
  const stillTrading = stillTradingServiceOf(db, config, clock, mail);
  const tradeDashboard = createTradeDashboardService({
    repo: createTradeDashboardRepo(db),
    images,
    rateLimits,
    audit,
    mail,
    sender: { appOrigin: config.appOrigin, supportEmail: config.supportEmail },
    transactions,
    abn,
    stillTrading,
  });
  const addresses = createAddressService({ repo: createAddressRepo(db), trades: tradeDashboard, transactions });
  const socialMedia = createSocialMediaService({ repo: createSocialMediaRepo(db), trades: tradeDashboard, transactions });
  const conversations = conversationLinks(config.sessionSecret);
  const inbox = createEnquiryInboxService({
    repo: createEnquiryInboxRepo(db),
    links: conversations,
    mail,
    sender: { appOrigin: config.appOrigin, supportEmail: config.supportEmail },
    clock,
    transactions,
  });
  const trades = createTradeService({
    repo: createTradeRepo(db),
    clock,
    socialMediaOf: socialMedia.entriesOfTrades,
    replyTimeOf: inbox.replyTime,
    mapAnswers: createMapAnswers(mapAnswersKept),
  });
  const moderation = createModerationService({
    repo: createModerationRepo(db),
    audit,
    mail,
    sender: { appOrigin: config.appOrigin, supportEmail: config.supportEmail },
    transactions,
    previewCards: trades.previewCards,
    socialMediaOf: socialMedia.entriesOfTrades,
  });
  const enquiryReports = createEnquiryReportService({
    repo: createEnquiryReportRepo(db),
    audit,
    clock,
    transactions,
    moderatedScope: moderation.moderatedScope,
    investigated: inbox.investigated,
  });
  const churchChecks = createChurchCheckService({
    repo: createChurchCheckRepo(db),
    audit,
    transactions,
    clock,
    moderation,
  });
  const enquiries = createEnquiryService({
    repo: createEnquiryRepo(db),
    proofs: proofsOfWork(config.sessionSecret, clock),
    links: conversations,
    rateLimits,
    mail,
    sender: { appOrigin: config.appOrigin, supportEmail: config.supportEmail },
    clock,
    transactions,
    moderation,
  });
  const reviewModeration = createReviewModerationService({
    repo: createReviewModerationRepo(db),
    audit,
    rateLimits,
    mail,
    sender: { appOrigin: config.appOrigin, supportEmail: config.supportEmail },
    clock,
    transactions,
    moderatedScope: moderation.moderatedScope,
    proofsOfWork: enquiries,
  });
  const reviews = createReviewService({
    repo: createReviewRepo(db),
    enquiryOfLink: enquiries.enquiryOfLink,
    loggedInFrom: sessions.loggedInFrom,
    rateLimits,
    mail,
    sender: { appOrigin: config.appOrigin, supportEmail: config.supportEmail },
    clock,
    transactions,
  });
  const userRepo = createUserRepo(db);
  const undoLinks = createUndoLinks({
    keys: userRepo,
    mail,
    sender: { appOrigin: config.appOrigin, supportEmail: config.supportEmail },
    clock,
  });
  const users = createUserService({
    repo: userRepo,
    sessions,
    rateLimits,
    audit,
    mail,
    images,
    sender: { appOrigin: config.appOrigin, supportEmail: config.supportEmail },
    clock,
    transactions,
    totpSecrets: createTotpSecretBox(config.totpEncryptionKey),
    businesses: moderation,
    abnChecks: abn,
    undoLinks,
  });
  const deletions = createAccountDeletionService({
    repo: createAccountDeletionRepo(db),
    accounts: users,
    keys: userRepo,
    undoLinks,
    sessions,
    audit,
    clock,
    transactions,
  });
  const dataExports = createDataExportService({
    repo: createDataExportRepo(db),
    accounts: users,
    rateLimits,
    audit,
    archives: createArchiveStore(config.exportDir),
    clock,
    transactions,
    onRequested: background?.nudgeDataExports,
  });
  // Secrets kept in clear by an older version are encrypted once the app is ready to serve.
  app.addHook('onReady', () => users.sealPlaintextTotpSecrets());
  const userAdmin = createUserAdminService({
    repo: createUserAdminRepo(db),
    audit,
    sessions,
    accounts: users,
    churchMembers,
    transactions,
  });

  await app.register(
    async (api) => {
      await api.register(siteRoutes, {
        site: siteInfo(config),
        service: createSiteService({ profile: siteProfile(config) }),
      });
      await api.register(clientErrorRoutes, { clientErrors });
      await api.register(userRoutes, { users });
      await api.register(sessionRoutes, { sessions });
      await api.register(dataExportRoutes, { dataExports });
      await api.register(accountDeletionRoutes, { deletions });
      await api.register(tradeRoutes, { trades });
      await api.register(tradeDashboardRoutes, { trades: tradeDashboard });
      await api.register(addressRoutes, { addresses });
      await api.register(socialMediaRoutes, { socialMedia });
      await api.register(categoryRoutes, { categories });
      await api.register(churchRoutes, { churches });
      await api.register(churchMemberRoutes, { members: churchMembers });
      await api.register(addressLookupRoutes, { addressLookup });
      await api.register(auditRoutes, { audit });
      await api.register(mailRoutes, { mail });
      await api.register(moderationRoutes, { moderation });
      await api.register(churchCheckRoutes, { checks: churchChecks });
      await api.register(userAdminRoutes, { userAdmin });
      await api.register(tradeAdminRoutes, { tradeAdmin });
      await api.register(siteSettingRoutes, { settings });
      await api.register(stillTradingRoutes, { stillTrading });
      await api.register(enquiryRoutes, { enquiries });
      await api.register(enquiryInboxRoutes, { inbox });
      await api.register(enquiryReportRoutes, { reports: enquiryReports });
      await api.register(reviewRoutes, { reviews });
      await api.register(reviewModerationRoutes, { reviewModeration });
    },
    { prefix: '/api' },
  );

  const businessPages = createBusinessPageService({
    repo: createBusinessPageRepo(db),
    badgesOf: trades.badgesOf,
    socialMediaOf: socialMedia.entriesOfTrades,
    appOrigin: config.appOrigin,
    clock,
  });
  await app.register(businessPageRoutes, {
    pages: businessPages,
    indexHtml: readIndexHtml(config.webDistDir),
    manifest: readWebManifest(config.webDistDir),
  });
  await app.register(webAppPlugin, { distDir: config.webDistDir });
  return app;
}
