import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_BASE_PATH } from '../shared/constants';
import type { AppDeps } from './app-deps';
import { DEFAULT_TIMEOUTS, type TrustProxy } from './config';
import { loadUserObject, registerAuthContext } from './auth-context';
import { configureValidationMessages, notFound, registerErrorHandler, sendApiError } from './errors';
import { createDocumentIssuer } from './document-issuer';
import { createLogger } from './logger';
import { didDocumentRoutes } from './modules/credentials/routes';
import { ROUTE_MODULES } from './routes';
import { createSignedInUsers } from './signed-in-users';
import { registerWebShell } from './web-shell';

export type NaricApp = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

export interface BuildAppDeps extends Omit<AppDeps, 'issuer' | 'signedInUsers'> {
  /** A pino logger; by default one at the configured level, writing JSON to stdout. */
  logger?: FastifyBaseLogger;
  /** By default the one over `storage` (document-issuer.ts). */
  issuer?: AppDeps['issuer'];
}

/** JSON bodies above this are refused with 413 (document uploads have their own limit). */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
export const DOCS_PATH = `${API_BASE_PATH}/docs`;

/** For the pages (browser shell, API docs); harmless on JSON answers. */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  connectSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  // Helmet's default would send plain-HTTP localhost subresources to https:// and break them.
  upgradeInsecureRequests: null,
};

/**
 * Text the server compresses: pages, scripts, styles, JSON, SVG. Not octet-stream (@fastify/compress
 * would): documents travel as PDFs or raw bytes that do not shrink and are often ranged.
 */
export const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|^application\/javascript(?:;|$)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)/u;

const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_REQUEST_ID = /^[\w.-]{1,64}$/;

/** A hop count as the function Fastify would make of it (its types leave numbers out). */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** Builds the API server without listening: `inject()` in tests, `listen()` in start.ts. */
export function buildApp(deps: BuildAppDeps): NaricApp {
  const { logger, issuer, ...rest } = deps;
  const appDeps: AppDeps = { ...rest, issuer: issuer ?? createDocumentIssuer(rest), signedInUsers: createSignedInUsers(rest.db, rest.config, loadUserObject) };
  const timeouts = appDeps.config.timeouts ?? DEFAULT_TIMEOUTS;
  configureValidationMessages();
  const app = Fastify({
    loggerInstance: logger ?? createLogger(appDeps.config.logLevel),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // Keep a caller's id (a proxy's, the desktop's) when it is a plain token; never log raw input.
    genReqId: (request) => {
      const given = request.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
    },
    return503OnClosing: true,
    // Behind a reverse proxy request.ip must be the client's, not the proxy's (NARIC_TRUST_PROXY).
    trustProxy: fastifyTrustProxy(appDeps.config.trustProxy ?? false),
    // A slow or silent client cannot hold a connection open (config.ts's ServerTimeouts).
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.connectionIdleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
  }).withTypeProvider<ZodTypeProvider>();
  app.server.headersTimeout = timeouts.headersMs;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', appDeps);
  registerErrorHandler(app);
  registerAuthContext(app);
  app.addHook('onClose', () => appDeps.signedInUsers.close());

  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // API answers carry tokens and personal data: no cache may keep them.
    if (request.url.startsWith(`${API_BASE_PATH}/`) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // Same-origin pages only; nothing here is meant to be embedded or opened cross-origin.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
  });

  // Before the routes (it hooks each route as it is added). br or gzip as the client accepts;
  // never a 206 or a PDF; request bodies are not inflated (a small gzip could expand past the limits).
  app.register(compress, {
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
    globalDecompression: false,
  });

  app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'NARIC Back-office API',
        description:
          'Django REST Framework conventions: trailing slashes, snake_case JSON, `{count, next, previous, results}` lists, errors as `{"detail", "code"}` or `{"field": ["message"]}`.',
        version: appDeps.config.version,
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.register(swaggerUi, { routePrefix: DOCS_PATH, uiConfig: { deepLinking: true } });

  for (const routes of ROUTE_MODULES) app.register(routes, { prefix: API_BASE_PATH });
  // did:web resolves the office's DID document at the root of its host, outside the API.
  app.register(didDocumentRoutes);

  const webRoot = appDeps.config.webRoot;
  if (webRoot) registerWebShell(app, webRoot);

  app.setNotFoundHandler((_request, reply) => sendApiError(reply, notFound()));

  return app;
}
