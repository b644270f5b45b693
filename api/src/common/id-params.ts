import { BadRequestException, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiParam, ApiQuery } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

const MAX_ID = 2_147_483_647;

/** An id as written in a path or query: decimal digits of a positive 32-bit integer, nothing else. */
export function parseId(value: unknown): number {
  if (value === undefined || value === null || value === '') throw new BadRequestException('id is required');
  const text = Array.isArray(value) ? '' : String(value);
  const id = Number(text);
  if (!/^\d{1,10}$/.test(text) || id < 1 || id > MAX_ID) {
    throw new BadRequestException(`Invalid id "${text.slice(0, 40)}": it must be a positive integer`);
  }
  return id;
}

/** `1,2,3`: one to `max` ids, each as parseId checks it (400 otherwise). */
export function parseIdList(value: unknown, max: number): number[] {
  if (typeof value !== 'string' || value === '')
    throw new BadRequestException('ids must be one comma-separated list of ids');
  const parts = value.split(',');
  if (parts.length > max) throw new BadRequestException(`ids must list at most ${max} ids`);
  return parts.map(parseId);
}

/**
 * The raw string is read from the request (not through the global ValidationPipe, whose primitive
 * conversion would turn '1e3' into 1000 and 'abc' into NaN before it could be checked).
 */
const readPathId = createParamDecorator((name: string | undefined, context: ExecutionContext): number => {
  const params = context.switchToHttp().getRequest<FastifyRequest>().params as Record<string, unknown>;
  return parseId(params[name ?? 'id']);
});

const readQueryId = createParamDecorator((name: string | undefined, context: ExecutionContext): number => {
  const query = context.switchToHttp().getRequest<FastifyRequest>().query as Record<string, unknown>;
  return parseId(query[name ?? 'id']);
});

const ID_SCHEMA = { type: 'integer', minimum: 1, maximum: MAX_ID } as const;

/** The id path parameter `name` (default `id`), documented in the OpenAPI document. */
export const PathId =
  (name = 'id'): ParameterDecorator =>
  (target, key, index) => {
    readPathId(name)(target, key, index);
    if (key === undefined) return;
    const descriptor = Object.getOwnPropertyDescriptor(target, key)!;
    ApiParam({ name, required: true, schema: ID_SCHEMA })(target, key, descriptor);
  };

/** The required id query parameter `name` (default `id`), documented in the OpenAPI document. */
export const QueryId =
  (name = 'id'): ParameterDecorator =>
  (target, key, index) => {
    readQueryId(name)(target, key, index);
    if (key === undefined) return;
    const descriptor = Object.getOwnPropertyDescriptor(target, key)!;
    ApiQuery({ name, required: true, schema: ID_SCHEMA })(target, key, descriptor);
  };
