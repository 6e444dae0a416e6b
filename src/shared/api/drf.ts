import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';

// Django REST Framework conventions (architecture.md, "The contract").

/** `{count, next, previous, results}` for a list of `item`. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int().nonnegative(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export type Paginated<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/** A row id as clients send it: PostgreSQL's integer, so a huge or negative id is a 400, not a database error. */
export const recordId = z.number().int().positive().max(2_147_483_647);
/** The version a client saw (optimistic locking, 412 when stale). */
export const recordVersion = z.number().int().nonnegative().max(2_147_483_647);

/** Pages past this are refused: no list has that many, and the offset must stay a number PostgreSQL takes. */
export const MAX_PAGE = 1_000_000;

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

/** A refusal's parameters (shared/refusals.ts), by name. */
export const refusalParams = z.record(z.string(), z.union([z.string(), z.number()]));

/** `{"detail": "..."}`; `code` is the refusal's code (shared/refusals.ts) with its `params`, `error` feeds the 2FA screens. */
export const detailError = z
  .object({
    detail: z.string(),
    code: z.string().optional(),
    params: refusalParams.optional(),
  })
  .catchall(z.unknown());
export type DetailError = z.infer<typeof detailError>;

/**
 * `{"field": ["message", ...]}` as DRF answers a 400, with each message's code and params in
 * `field_codes` (same fields, same order), so a client that reads only the English still can.
 */
export const fieldErrors = z
  .object({ field_codes: z.record(z.string(), z.array(z.object({ code: z.string(), params: refusalParams }))).optional() })
  .catchall(z.array(z.string()));
/** The messages of a 400 by field. */
export type FieldErrors = Record<string, string[]>;

export const HTTP_STATUS = {
  ok: 200,
  created: 201,
  accepted: 202,
  noContent: 204,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  preconditionFailed: 412,
  payloadTooLarge: 413,
  tooManyRequests: 429,
  internalServerError: 500,
  serviceUnavailable: 503,
} as const;
