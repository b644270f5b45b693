import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import { Logger, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import { registerAdminGate } from './auth/admin-gate';
import { SessionService } from './auth/session.service';
import { creatorProfileRoute } from './creators/creator-profile.controller';
import { CreatorProfileService } from './creators/creator-profile.service';
import { creatorSearchRoute } from './creators/creators.controller';
import { CreatorsService } from './creators/creators.service';
import { videoSearchRoute } from './videos/videos.controller';
import { VideosService } from './videos/videos.service';
import { AggregateCache } from './database/aggregate-cache.service';
import { CachedAnswers } from './common/cached-answers';
import { registerHttpCaching } from './common/http-caching';
import { SHUTDOWN_SIGNALS } from './common/graceful-shutdown';
import { PinoNestLogger } from './common/pino-nest-logger';
import { registerRequestIdHeader, requestIdFor } from './common/request-id';
import { clientErrorHandler, frameworkErrors } from './common/client-error';
import { registerOriginPolicy, remoteOrigins } from './common/origin-policy';
import { registerSecurityHeaders } from './common/security-headers';
import {
  applyTimeouts,
  PUBLIC_BODY_LIMIT,
  registerRequestLimits,
  trustProxyOption,
} from './common/request-limits';
import { loadConfiguration, type AppConfig } from './config/configuration';
import { analyticsRoute } from './queries/analytics.controller';
import { AnalyticsService } from './queries/analytics.service';
import { GroupBoards } from './queries/group-boards';
import { leaderboardRoute } from './queries/leaderboards.controller';
import { LeaderboardsService } from './queries/leaderboards.service';
import { setupOpenApi } from './openapi/openapi';
import { ApiKeysService } from './public-api/api-keys.service';
import { ReadCountsStore } from './public-api/read-counts.store';
import { ReadLimits } from './public-api/read-limits';
import { registerBundles } from './site/static-bundles';

/** Log fields that must never be written. */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'body.password',
  'password',
];

/**
 * Builds the whole server for a configuration, initialised and ready: `main.ts` listens on it, the
 * tests call `app.inject()` or supertest on `app.getHttpServer()`.
 */
export async function createApp(config: AppConfig = loadConfiguration()): Promise<NestFastifyApplication> {
  const readLimits = new ReadLimits(config.share, config.server.trustProxy);
  const cachedAnswers = new CachedAnswers(readLimits);
  const adapter = new FastifyAdapter({
    serverFactory: cachedAnswers.serverFactory,
    logger: config.server.logLevel === 'silent' ? false : { level: config.server.logLevel, redact: REDACT },
    bodyLimit: PUBLIC_BODY_LIMIT, // admin routes get more, see registerAdminGate
    trustProxy: trustProxyOption(config.server.trustProxy),
    requestIdHeader: false, // read (and checked) by requestIdFor
    genReqId: requestIdFor,
    clientErrorHandler, // a 20 KB URL or a broken request line answers { error } too
    frameworkErrors, // so does a URL that cannot be decoded
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    bufferLogs: true,
    abortOnError: false,
    // Fastify's own JSON parser only: no urlencoded forms (what a cross-site form can post).
    bodyParser: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  registerHttpCaching(fastify); // first: it hashes the JSON before the encoding hooks compress it
  cachedAnswers.register(fastify, app.get(AggregateCache));
  cachedAnswers.answerLightly(
    creatorSearchRoute(app.get(CreatorsService)),
    videoSearchRoute(app.get(VideosService)),
    creatorProfileRoute(app.get(CreatorProfileService)),
    leaderboardRoute(app.get(LeaderboardsService), app.get(GroupBoards)),
    analyticsRoute(app.get(AnalyticsService)),
  );
  registerRequestIdHeader(fastify);
  app.useLogger(new PinoNestLogger(fastify.log));
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }));

  // Only JSON bodies: text/plain (also what a cross-site form can send) answers 415 like any other type.
  fastify.removeContentTypeParser('text/plain');

  await app.register(fastifyCookie);
  registerSecurityHeaders(fastify, remoteOrigins(config.remotes));
  // After helmet, so refusals carry the security headers too.
  registerOriginPolicy(fastify, config.remotes);
  // Public reads are counted first: one past the limit costs nothing more.
  readLimits.register(fastify, app.get(ApiKeysService), app.get(ReadCountsStore));
  // Before any body is read: admin-only routes need the session, bodies are bounded.
  registerAdminGate(fastify, app.get(SessionService));
  registerRequestLimits(fastify);
  applyTimeouts(app.getHttpServer(), config.server.timeouts);
  await app.register(fastifyCompress, {
    globalDecompression: false, // see registerRequestLimits
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await registerBundles(app, config.static, new Logger('Static'));
  setupOpenApi(app);

  // Only the signals that ask the server to end drain it (GracefulShutdown). Nest's default list also
  // takes SIGSEGV, SIGBUS, SIGILL and SIGFPE: a listener for a real fault returns into the faulting
  // instruction, so the process faults again forever or runs on from a broken state; left to their
  // default action, they end it at once for its supervisor to start again.
  app.enableShutdownHooks(SHUTDOWN_SIGNALS);
  await app.init();
  await fastify.ready();
  return app;
}
