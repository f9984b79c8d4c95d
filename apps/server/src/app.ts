import fs from 'node:fs/promises';
import path from 'node:path';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Config, streetMapOf } from './config.ts';
import type { Database } from './db/client.ts';
import { AccountService } from './modules/accounts/service.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { GoogleVerifier } from './modules/accounts/google.ts';
import { OtpService } from './modules/accounts/otp.ts';
import { devMailboxRoutes } from './modules/dev/routes.ts';
import { AgentService } from './modules/agents/service.ts';
import { agentRoutes } from './modules/agents/routes.ts';
import { CatalogueService } from './modules/catalogue/service.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { ContentService } from './modules/content/service.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { FavouriteService } from './modules/favourites/service.ts';
import { favouriteRoutes } from './modules/favourites/routes.ts';
import { HomepageService } from './modules/homepage/service.ts';
import { homepageRoutes } from './modules/homepage/routes.ts';
import { InterestService } from './modules/interest/service.ts';
import { interestRoutes } from './modules/interest/routes.ts';
import { GoogleGeocoder } from './modules/geocode/google.ts';
import { reverseGeocodeRoutes } from './modules/geocode/routes.ts';
import { ReverseGeocodeService } from './modules/geocode/service.ts';
import { MortgageService } from './modules/mortgage/service.ts';
import { PackageService } from './modules/packages/service.ts';
import { packageRoutes } from './modules/packages/routes.ts';
import { mortgageRoutes } from './modules/mortgage/routes.ts';
import { ProjectService } from './modules/projects/service.ts';
import { projectRoutes } from './modules/projects/routes.ts';
import { PropertyService } from './modules/properties/service.ts';
import { propertyRoutes } from './modules/properties/routes.ts';
import { SearchCriteriaService } from './modules/search-criteria/service.ts';
import { searchCriteriaRoutes } from './modules/search-criteria/routes.ts';
import { SeoService } from './modules/seo/service.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { SettingsService } from './modules/settings/service.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { apiCompression } from './platform/compression.ts';
import { authPlugin } from './platform/auth.ts';
import { BackgroundTasks } from './platform/background.ts';
import { handleError } from './platform/error-handler.ts';
import { NotFound } from './platform/errors.ts';
import { loggerOptions, type LogStream } from './platform/logging.ts';
import { refuseNulBytes } from './platform/nul-bytes.ts';
import { EarlyHits, publicAnswerStore, responseCache } from './platform/response-cache.ts';
import { PageCache, type PageTag } from './platform/page-cache.ts';
import { configuredOrigin, originResolver } from './platform/origin.ts';
import { type CheckoutSources, securityHeaders } from './platform/security-headers.ts';
import { dropEmptyValues, type App } from './platform/http.ts';
import { Mailer } from './platform/mailer/mailer.ts';
import { MediaStore, useMediaPublicUrl } from './platform/media.ts';
import { mediaFiles } from './platform/media-files.ts';
import { S3MediaStorage, s3SettingsOf } from './platform/media-s3.ts';
import { OutboxDispatcher } from './platform/outbox/dispatcher.ts';
import { twilioTransport } from './platform/sms/twilio.ts';
import { uploads } from './platform/uploads.ts';
import { propertyOwnerRoutes } from './modules/properties/owner-routes.ts';
import { PropertyOwnerService } from './modules/properties/owner-service.ts';
import { OwnerGates } from './modules/owners/gates.ts';
import { projectOwnerRoutes } from './modules/projects/owner-routes.ts';
import { ProjectOwnerService } from './modules/projects/owner-service.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { advertisementRoutes } from './modules/advertisements/routes.ts';
import { AdvertisementService } from './modules/advertisements/service.ts';
import { Notifier } from './modules/notifications/notifier.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { NotificationService } from './modules/notifications/service.ts';
import { PushService } from './modules/notifications/push.ts';
import { alertRoutes } from './modules/alerts/routes.ts';
import { AlertService } from './modules/alerts/service.ts';
import { RecommendationService } from './modules/recommendations/service.ts';
import { recommendationRoutes } from './modules/recommendations/routes.ts';
import { ReportService } from './modules/reports/service.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { VerificationService } from './modules/verification/service.ts';
import { verificationRoutes } from './modules/verification/routes.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { DashboardService } from './modules/admin/dashboard-service.ts';
import { ModerationService } from './modules/admin/moderation-service.ts';
import { AdminCatalogueService } from './modules/admin/catalogue-service.ts';
import { AdminContentService } from './modules/admin/content-service.ts';
import { AdminLanguageService } from './modules/admin/language-service.ts';
import { AdminAdsService } from './modules/admin/ads-service.ts';
import { AdminPackagesService } from './modules/admin/packages-service.ts';
import { AdminPaymentsService } from './modules/admin/payments-service.ts';
import { LiveConfig } from './modules/admin/live-config.ts';
import { AdminSettingsService } from './modules/admin/settings-service.ts';
import { SecretBox } from './platform/secret-box.ts';
import { InboxService } from './modules/admin/inbox-service.ts';
import { PeopleService } from './modules/admin/people-service.ts';
import { ReportsQueueService } from './modules/admin/reports-service.ts';
import { VerificationAdminService } from './modules/admin/verification-service.ts';
import { ChatService } from './modules/chat/service.ts';
import { RealtimeHub } from './platform/realtime.ts';
import { PaymentService } from './modules/payments/service.ts';
import { paymentProvidersOf } from './modules/payments/providers/index.ts';
import { type KeptAnswer, pageCacheHits, webApp } from './platform/web.ts';
import { TtlCache } from './platform/ttl-cache.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Origin absolute URLs are built on: PUBLIC_URL, else the request's own if ALLOWED_HOSTS lists it (platform/origin). */
    origin: string;
  }
}

/** Per-request upload limits beside BODY_LIMIT_MB (which bounds all files of a request together). */
const MAX_UPLOAD_FILE_MB = 10;
const MAX_UPLOAD_FILES = 30;

export interface AppDeps {
  config: Config;
  db: Database;
  media?: MediaStore;
  mailer?: Mailer;
  /** Shared state across instances (REDIS_URL): rate-limit counters. */
  redis?: Redis;
  /** The built web app (apps/web/build by default). */
  webBuildDir?: string;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogStream;
}

// The browser's Stripe key follows the one the server takes payments with (web-settings answers it).
const stripeOverrideOf = (config: Config): Record<string, string> =>
  config.STRIPE_PUBLISHABLE_KEY && config.STRIPE_SECRET_KEY ? { stripe_publishable_key: config.STRIPE_PUBLISHABLE_KEY } : {};
const smsTransportOf = (config: Config) =>
  config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM
    ? twilioTransport({ accountSid: config.TWILIO_ACCOUNT_SID, authToken: config.TWILIO_AUTH_TOKEN, from: config.TWILIO_FROM, apiUrl: config.TWILIO_API_URL })
    : null;
const geocoderOf = (config: Config) =>
  config.GOOGLE_MAPS_API_KEY ? new GoogleGeocoder({ key: config.GOOGLE_MAPS_API_KEY, url: config.GOOGLE_GEOCODE_URL, timeoutMs: config.GOOGLE_GEOCODE_TIMEOUT_MS }) : null;
/** What the checkout's pages may load and post to, for the providers whose keys are in force. */
const checkoutSourcesOf = (config: Config): CheckoutSources => ({
  stripe: Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY),
  formTargets: config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET ? [config.RAZORPAY_API_URL] : [],
});

/**
 * The services. `live` (the app's) keeps the console's provider, mail, SMS and maps keys current:
 * when one changes, the adapters built from it are rebuilt in place (decision 12).
 */
export function buildServices({ config, db, media, mailer }: AppDeps, live?: LiveConfig) {
  /** A write changed what visitors' pages show: drop those pages, here and on every instance (decision 8). */
  const invalidatePages = (tags: PageTag[]) => (pages ? pages.invalidate(tags) : forgetPublicReads());
  const settings = new SettingsService(db, stripeOverrideOf(config));
  const catalogue = new CatalogueService(db, settings);
  const packages = new PackageService(db);
  const properties = new PropertyService(db, settings, catalogue, packages, config.PUBLIC_CACHE_SECONDS, {
    searchIndex: config.SEARCH_INDEX,
    // The origin every answer is made on, when it is fixed: the map's markers are kept with it.
    origin: configuredOrigin(config.PUBLIC_URL),
  });
  const projects = new ProjectService(db, settings, catalogue);
  const recommendations = new RecommendationService(db, properties);
  // What a logged-in user opens teaches their recommendations; a lost write costs nothing.
  properties.onViewerView = (userId, propertyId) => void recommendations.recordView(userId, propertyId).catch(() => undefined);
  const resolvedMailer = mailer ?? new Mailer(db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const content = new ContentService(db, resolvedMailer, config.CONTACT_INBOX, properties, settings);
  const agents = new AgentService(db, settings, projects, properties);
  const sms = new OutboxDispatcher(db, 'sms', smsTransportOf(config));
  const otp = new OtpService(db, resolvedMailer, sms);
  const s3 = s3SettingsOf(config);
  // With a bucket, images are encoded in a staging folder beside the uploads' before they go up.
  const resolvedMedia = media ?? new MediaStore(config.mediaDir, s3 ? new S3MediaStorage(s3, path.join(path.dirname(config.mediaDir), 'media-staging')) : undefined);
  useMediaPublicUrl(config.MEDIA_PUBLIC_URL);
  const background = new BackgroundTasks();
  const accounts = new AccountService(db, otp, resolvedMedia, background, {
    packages,
    sessionDays: config.SESSION_DAYS,
    invalidatePages,
    google: config.GOOGLE_CLIENT_ID ? new GoogleVerifier(config.GOOGLE_CLIENT_ID, config.GOOGLE_JWKS_URL) : null,
  });
  const homepage = new HomepageService(db, { properties, projects, catalogue, content, agents, recommendations }, config.PUBLIC_CACHE_SECONDS);
  const seo = new SeoService(db, settings);
  const mortgage = new MortgageService(db);
  const reverseGeocode = new ReverseGeocodeService(geocoderOf(config));
  const favourites = new FavouriteService(db, properties);
  const hub = new RealtimeHub();
  const chat = new ChatService(db, resolvedMedia, hub, settings);
  const reports = new ReportService(db);
  const verification = new VerificationService(db, resolvedMedia, { invalidatePages });
  const push = new PushService(db, config.PUSH_SUBJECT ?? `mailto:${config.CONTACT_INBOX}`);
  const notifier = new Notifier(resolvedMailer, db, hub, push);
  const notifications = new NotificationService(db, hub);
  const gates = new OwnerGates(db, settings);
  const alerts = new AlertService(db, notifier);
  const propertyOwners = new PropertyOwnerService(db, resolvedMedia, { packages, settings, catalogue, gates, invalidatePages, notifier, alerts });
  const projectOwners = new ProjectOwnerService(db, resolvedMedia, { packages, projects, gates, invalidatePages });
  const advertisements = new AdvertisementService(db, { packages, invalidatePages });
  const payments = new PaymentService(db, settings, { providers: paymentProvidersOf(config), sandbox: config.PAYMENT_SANDBOX, notifier });
  const interest = new InterestService(db);
  const searchCriteria = new SearchCriteriaService(db, accounts);
  const dashboard = new DashboardService(db, settings);
  const moderation = new ModerationService(db, { notifier, alerts, invalidatePages });
  const catalogueAdmin = new AdminCatalogueService(db, resolvedMedia, { catalogue, settings, invalidatePages });
  const contentAdmin = new AdminContentService(db, resolvedMedia, { settings, invalidatePages });
  const languagesAdmin = new AdminLanguageService(db, resolvedMedia, { settings, invalidatePages });
  const adminPackages = new AdminPackagesService(db, { invalidatePages });
  const adminPayments = new AdminPaymentsService(db, { payments, notifier });
  const adminAds = new AdminAdsService(db, { invalidatePages });
  const adminSettings = new AdminSettingsService(db, { settings, media: resolvedMedia, box: SecretBox.fromConfig(config), config, live, invalidatePages });
  const people = new PeopleService(db, { notifier, media: resolvedMedia, invalidatePages });
  const inbox = new InboxService(db, { hub, platform: settings });
  const reportsQueue = new ReportsQueueService(db, { people, notifier, invalidatePages });
  const verificationAdmin = new VerificationAdminService(db, { notifier, invalidatePages });
  const publicAnswers = config.PUBLIC_CACHE_SECONDS > 0 ? publicAnswerStore(config.PUBLIC_CACHE_SECONDS, config.PUBLIC_CACHE_MAX_MB * 1024 * 1024) : null;
  // Pages get their own budget of the same size: a page is a few API answers rendered.
  const pages = config.PUBLIC_CACHE_SECONDS > 0 && config.PAGE_CACHE ? new PageCache(config.PUBLIC_CACHE_SECONDS, config.PUBLIC_CACHE_MAX_MB * 1024 * 1024, config.PUBLIC_CACHE_MIN_USES) : null;
  // What a page showed also sits beneath it, in the API's micro-cache and the services' memos: an
  // invalidation (here or from another instance) drops those too, so the next render reads fresh data.
  // The web app's loaders keep checked public answers as long as the API's cache keeps their bytes,
  // and for one lifetime more take them while one load refreshes them behind the page (platform/web.ts).
  const loaderAnswers = publicAnswers ? new TtlCache<KeptAnswer>(config.PUBLIC_CACHE_SECONDS * 1000, 5000, undefined, config.PUBLIC_CACHE_SECONDS * 1000) : null;
  const forgetPublicReads = () => {
    publicAnswers?.clear();
    loaderAnswers?.clear();
    properties.forgetPublicReads();
    homepage.forgetPublicReads();
  };
  if (pages)
    pages.onInvalidate = (tags) => {
      forgetPublicReads();
      // Settings changed here or on another instance: the console's keys may have too.
      if (tags.includes('site')) void live?.reload().catch(() => undefined);
    };
  live?.onChange((next) => {
    payments.useProviders(paymentProvidersOf(next));
    settings.useOverrides(stripeOverrideOf(next));
    // A mailer the caller passed in (tests) is theirs.
    if (!mailer) resolvedMailer.configure({ smtpUrl: next.SMTP_URL, from: next.MAIL_FROM });
    sms.useTransport(smsTransportOf(next));
    reverseGeocode.useGoogle(geocoderOf(next));
    // Here only: the instance that saved the keys has already told the others.
    forgetPublicReads();
  });
  return { pages, loaderAnswers, invalidatePages, settings, catalogue, properties, projects, content, agents, homepage, seo, mortgage, reverseGeocode, packages, favourites, interest, accounts, searchCriteria, propertyOwners, projectOwners, payments, advertisements, notifier, notifications, push, alerts, hub, chat, reports, verification, recommendations, db, otp, background, mailer: resolvedMailer, sms, media: resolvedMedia, publicAnswers, live, dashboard, moderation, catalogueAdmin, contentAdmin, languagesAdmin, adminPackages, adminPayments, adminAds, adminSettings, people, inbox, reportsQueue, verificationAdmin };
}

export type Services = ReturnType<typeof buildServices>;

export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; services: Services }> {
  const { db } = deps;
  // Keys the console stored (encrypted) fill the environment's unset ones, and stay current while it runs.
  const live = new LiveConfig(deps.config, db, { log: (msg) => console.warn(msg) });
  await live.reload();
  const config = live.current;
  const services = buildServices({ ...deps, config }, live);
  await fs.mkdir(services.media.root, { recursive: true });
  // The Web Push keys exist before web-settings is first read, so browsers always get the public one
  // (a database without tables yet — the OpenAPI script's — simply has none).
  await services.push.ensureKeys().catch(() => undefined);
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, deps.logStream),
    bodyLimit: config.BODY_LIMIT_MB * 1024 * 1024,
    trustProxy: config.TRUST_PROXY,
    // Finish requests in flight on shutdown, refuse new ones, then drop idle keep-alive sockets.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked against their schemas in development and tests; in production the
  // presenters are trusted and answers are only stringified (docs/decisions/0004).
  app.setSerializerCompiler(config.NODE_ENV === 'production' ? () => (data) => JSON.stringify(data) : serializerCompiler);
  app.setErrorHandler(handleError);
  services.background.onError = (err, task) => app.log.error({ err }, `${task} failed after its answer`);
  // The bucket's connections; a store a caller passed in is the caller's to close.
  if (!deps.media) app.addHook('onClose', () => services.media.close());
  services.reverseGeocode.onFallback = (reason) => app.log.warn(`reverse-geocode answered from the gazetteer: ${reason}`);
  services.payments.log = app.log;
  // The search index loads beside the first requests (they go to SQL until it is ready).
  const searchIndex = services.properties.index;
  if (searchIndex) {
    const started = Date.now();
    searchIndex.start().then(
      () => app.log.info(`search index: ${searchIndex.listed} listed listings in memory in ${Date.now() - started} ms`),
      (err: unknown) => app.log.error({ err }, 'search index could not load: searches use SQL'),
    );
    app.addHook('onClose', async () => searchIndex.close());
  }

  const originOf = originResolver({ publicUrl: config.PUBLIC_URL, allowedHosts: config.ALLOWED_HOSTS, port: config.PORT });
  app.decorateRequest('origin', '');
  app.addHook('onRequest', async (request) => {
    request.origin = originOf(request);
  });
  // Stored pages and cached answers go out before anything else runs: they carry the headers of their first answer.
  if (services.pages) app.addHook('onRequest', pageCacheHits(services.pages));
  const earlyHits = services.publicAnswers ? new EarlyHits(services.publicAnswers) : undefined;
  if (earlyHits) app.addHook('onRequest', earlyHits.hook);
  // Before any route, so the media files' route gets its cross-origin resource policy.
  const streetMap = streetMapOf(config);
  await app.register(securityHeaders, { publicUrl: config.PUBLIC_URL, mapTileUrl: streetMap.mapTileUrl, mapStyleUrl: streetMap.mapStyleUrl, crossOriginPrefixes: ['/media/'], mediaPublicUrl: config.MEDIA_PUBLIC_URL, checkout: () => checkoutSourcesOf(services.live?.current ?? config) });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Ghar Bazaar marketplace API', version: '1.0.0', description: 'The wire contract shared by the web app and the mobile apps.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Clients on other origins call the API and fetch media (icons are fetched to be recoloured).
  const corsOptions = {
    origin: config.CORS_ORIGINS === '*' ? '*' : config.CORS_ORIGINS.split(',').map((o) => o.trim()),
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Accept-Language'],
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    maxAge: 86_400,
  };

  await app.register(
    async (media) => {
      await media.register(cors, corsOptions);
      await media.register(mediaFiles, { media: services.media });
    },
    { prefix: '/media' },
  );

  await app.register(async (api: App) => {
    // Keys another instance's console saved reach this one within LIVE_CONFIG_MAX_AGE_MS, Redis or not.
    api.addHook('onRequest', async () => {
      await services.live?.fresh().catch(() => undefined);
    });
    await api.register(cors, corsOptions);
    await api.register(rateLimit, {
      global: false,
      // With Redis, limits hold across every instance; if Redis fails, requests are let through.
      ...(deps.redis ? { redis: deps.redis, nameSpace: 'estate-rl:', skipOnError: true } : {}),
      errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, error: true, message: `Too many requests. Please try again in ${ctx.after}.` }),
    });
    await api.register(formbody);
    await api.register(uploads, {
      dir: path.join(path.dirname(services.media.root), 'uploads'),
      limits: { maxFileBytes: MAX_UPLOAD_FILE_MB * 1024 * 1024, maxFiles: MAX_UPLOAD_FILES, maxRequestBytes: config.BODY_LIMIT_MB * 1024 * 1024 },
    });
    await api.register(authPlugin, { db });
    await api.register(responseCache, { store: services.publicAnswers, seconds: config.PUBLIC_CACHE_SECONDS, early: earlyHits, minUses: config.PUBLIC_CACHE_MIN_USES });
    // After the micro-cache, which keeps answers uncompressed (in-process page loaders ask for none).
    await api.register(compress, apiCompression);
    api.addHook('preValidation', async (request) => {
      request.query = dropEmptyValues(request.query) as typeof request.query;
      request.body = dropEmptyValues(request.body) as typeof request.body;
    });
    api.addHook('preValidation', refuseNulBytes);
    api.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: true, message: 'The requested resource was not found.' }));
    // Unknown calls are answered here, inside the API's scope, so they carry its CORS headers
    // like every other answer (the web app's catch-all would otherwise take them).
    api.route({
      method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
      url: '/*',
      schema: { hide: true },
      handler: async () => {
        throw new NotFound();
      },
    });

    await api.register(settingsRoutes, services);
    await api.register(catalogueRoutes, services);
    await api.register(propertyRoutes, services);
    await api.register(propertyOwnerRoutes, services);
    await api.register(projectOwnerRoutes, services);
    await api.register(paymentRoutes, services);
    await api.register(advertisementRoutes, services);
    await api.register(chatRoutes, services);
    await api.register(notificationRoutes, services);
    await api.register(alertRoutes, services);
    await api.register(reportRoutes, services);
    await api.register(verificationRoutes, services);
    await api.register(recommendationRoutes, services);
    await api.register(projectRoutes, services);
    await api.register(contentRoutes, { ...services, contactPerHour: config.RATE_LIMIT_CONTACT_PER_HOUR });
    await api.register(agentRoutes, services);
    await api.register(homepageRoutes, services);
    await api.register(accountRoutes, { ...services, accountRateLimitFactor: config.ACCOUNT_RATE_LIMIT_FACTOR });
    await api.register(mortgageRoutes, services);
    await api.register(reverseGeocodeRoutes, services);
    await api.register(favouriteRoutes, services);
    await api.register(interestRoutes, services);
    await api.register(packageRoutes, services);
    await api.register(searchCriteriaRoutes, services);
    await api.register(adminRoutes, services);
  }, { prefix: '/api' });

  // The mailbox shows everyone's codes: only outside production, only while mail is not really
  // sent, and only to this machine (modules/dev).
  if (config.NODE_ENV !== 'production' && !config.SMTP_URL) {
    await app.register(devMailboxRoutes, { db });
    services.otp.revealCode = (line) => app.log.info(line);
    app.log.warn('development mailbox on at /dev/mailbox for requests from this machine only (set NODE_ENV=production or SMTP_URL to turn it off); codes are also written to this log');
  }

  // `search_index` says whether searches are answered from memory yet (they go to SQL until then);
  // `search_words` how many words of text searches it has learned and how many wait to be.
  app.get('/healthz', { schema: { hide: true } }, async () => {
    const index = services.properties.index;
    return { ok: true, search_index: !index ? 'off' : index.ready ? 'ready' : 'loading', ...(index && { search_words: index.words }) };
  });
  await app.register(seoRoutes, services);
  // Every other path is the server-rendered web app.
  if (services.pages && deps.redis) {
    await services.pages.connect(deps.redis);
    app.addHook('onClose', () => services.pages?.close());
  }
  // Realtime events reach sockets on every instance through Redis; open sockets close with the app.
  await services.hub.connect(deps.redis);
  app.addHook('preClose', () => services.hub.close());
  await webApp(app, {
    buildDir: deps.webBuildDir,
    pageCache: services.pages,
    answers: services.loaderAnswers,
    renderThreads: config.RENDER_THREADS,
    publicConfig: {
      ...streetMap,
      googleClientId: config.GOOGLE_CLIENT_ID,
      googleAuthUrl: config.GOOGLE_AUTH_URL,
    },
  });

  return { app, services };
}
