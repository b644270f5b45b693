/**
 * The OpenAPI document, generated from the controllers and DTOs at start: the Swagger UI at /api/docs
 * and the JSON at /api/docs-json. Every operation gets the one error shape (`ApiErrorDto`), and the
 * ones behind the admin session are marked with the cookie scheme (the same rule as AuthGuard).
 */
import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  ApiProperty,
  DocumentBuilder,
  getSchemaPath,
  SwaggerModule,
  type OpenAPIObject,
} from '@nestjs/swagger';
import type { ApiError } from '@friends/shared';
import { ACCESS_KEY, type Access } from '../auth/access.decorators';
import { SESSION_COOKIE } from '../auth/session.service';

export const DOCS_PATH = '/api/docs';
export const DOCS_JSON_PATH = '/api/docs-json';

/** Every error answer of the API (docs/architecture.md "Architecture rules"). */
export class ApiErrorDto implements ApiError {
  @ApiProperty({ example: 'Creator name is required' })
  error: string;
}

const SESSION_SCHEME = 'adminSession';
const KEY_SCHEME = 'apiKey';
/** The probes, which the read limit leaves alone (`@NoReadLimit`). */
const UNLIMITED_PATHS = new Set(['/api/health', '/api/ready']);

type Operation = OpenAPIObject['paths'][string]['get'] & object;

/** The read limit on a public read: its fields on every answer, the 429, and the optional API key. */
function describeReadLimit(operation: Operation, error: object): void {
  const fields = {
    'RateLimit-Policy': {
      description: 'The limit applied: `"public";q=<reads>;w=60` per address, or `"key";q=<reads>;w=60`',
      schema: { type: 'string' },
    },
    RateLimit: {
      description: 'What is left of it: `"<policy>";r=<remaining>;t=<seconds to reset>`',
      schema: { type: 'string' },
    },
  };
  for (const [status, response] of Object.entries(operation.responses)) {
    if (status.startsWith('2') && response && typeof response === 'object' && !('$ref' in response)) {
      response.headers = { ...fields, ...(response.headers ?? {}) };
    }
  }
  operation.responses['429'] = {
    description: 'Past the read limit: wait `Retry-After` seconds, or use an API key',
    headers: { ...fields, 'Retry-After': { schema: { type: 'integer' } } },
    ...error,
  };
  operation.responses['401'] ??= { description: 'The API key is unknown or revoked', ...error };
  operation.security = [{}, { [KEY_SCHEME]: [] }];
}
const READ_METHODS = new Set([RequestMethod.GET, RequestMethod.HEAD, RequestMethod.OPTIONS]);

/** `Controller_method` operation ids (the generator's default) of routes that need the admin session. */
function adminOperationIds(app: NestFastifyApplication): Set<string> {
  const ids = new Set<string>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller) continue;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        const access =
          (Reflect.getMetadata(ACCESS_KEY, handler) as Access | undefined) ??
          (Reflect.getMetadata(ACCESS_KEY, controller) as Access | undefined) ??
          (READ_METHODS.has(method) ? 'public' : 'admin');
        if (access === 'admin') ids.add(`${controller.name}_${name}`);
      }
    }
  }
  return ids;
}

/** The document for the app's controllers, with the shared error shape on every operation. */
export function buildOpenApiDocument(app: NestFastifyApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Friends of the Channel API')
    .setDescription(
      'Creators, the videos they make together, and the aggregates over them. Reads are public; ' +
        'every change except a suggestion needs the admin session cookie from POST /api/auth/login. ' +
        'Every error answers `{ "error": "<message>" }`.\n\n' +
        'Public reads (GET and HEAD, the probes /api/health and /api/ready excepted) are limited per ' +
        'client address to PUBLIC_READ_RATE_LIMIT a minute (600 by default), or per API key to ' +
        'API_KEY_RATE_LIMIT (6000) with `Authorization: Bearer <key>`; an admin creates keys with ' +
        'POST /api/keys. Every limited answer carries the IETF `RateLimit-Policy` and `RateLimit` fields ' +
        '(`"public";q=600;w=60`, `"public";r=599;t=42`); past the limit: 429 with `Retry-After`. An ' +
        'unknown or revoked key answers 401.',
    )
    .setVersion(process.env.npm_package_version ?? '1.0.0')
    .addCookieAuth(SESSION_COOKIE, { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE }, SESSION_SCHEME)
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        description: 'An API key from POST /api/keys: the higher read limit',
      },
      KEY_SCHEME,
    )
    .build();
  const document = SwaggerModule.createDocument(app, config, { extraModels: [ApiErrorDto] });
  const admin = adminOperationIds(app);
  const error = { content: { 'application/json': { schema: { $ref: getSchemaPath(ApiErrorDto) } } } };

  for (const [path, item] of Object.entries(document.paths)) {
    const tag = /^\/api\/([^/{]+)/.exec(path)?.[1] ?? 'site';
    for (const [method, operation] of Object.entries(item)) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      operation.tags = operation.tags?.length ? operation.tags : [tag];
      const adminOnly = operation.operationId !== undefined && admin.has(operation.operationId);
      if ((method === 'get' || method === 'head') && !adminOnly && !UNLIMITED_PATHS.has(path)) {
        describeReadLimit(operation, error);
      }
      operation.responses.default ??= { description: 'An error: `{ "error": "<message>" }`', ...error };
      operation.responses['400'] ??= { description: 'Bad input', ...error };
      if (operation.operationId && admin.has(operation.operationId)) {
        operation.security = [{ [SESSION_SCHEME]: [] }];
        operation.responses['401'] ??= { description: 'Admin login required', ...error };
      }
    }
  }
  return document;
}

/** Serves the Swagger UI at /api/docs and the document at /api/docs-json (register before `init`). */
export function setupOpenApi(app: NestFastifyApplication): void {
  SwaggerModule.setup(DOCS_PATH.slice(1), app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: DOCS_JSON_PATH.slice(1),
    raw: ['json'],
    customSiteTitle: 'Friends of the Channel API',
    // No call to the public validator service from the docs page.
    swaggerOptions: { validatorUrl: null },
  });
}
