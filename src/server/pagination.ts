import type { FastifyRequest } from 'fastify';
import type { Paginated } from '../shared/api/drf';
import { notFound } from './errors';

// DRF's page-number pagination: `next`/`previous` links that keep the other query parameters,
// and a 404 "Invalid page." past the last page. The links are absolute only under the configured
// public address (NARIC_PUBLIC_URL), otherwise relative to the server: the request's Host header
// is the client's to write, and a link built from it would send the next page elsewhere.

export interface PageRequest {
  page: number;
  page_size: number;
}

export function pageWindow({ page, page_size }: PageRequest): { limit: number; offset: number } {
  return { limit: page_size, offset: (page - 1) * page_size };
}

export function pageAnswer<T>(request: FastifyRequest, pageRequest: PageRequest, count: number, results: T[]): Paginated<T> {
  const { page, page_size } = pageRequest;
  if (page > 1 && (page - 1) * page_size >= count) throw notFound('invalid_page');
  const link = (target: number) => {
    // A placeholder origin only to edit the query; it never reaches the answer.
    const url = new URL(request.url, 'http://server.invalid');
    if (target === 1) url.searchParams.delete('page');
    else url.searchParams.set('page', String(target));
    const path = `${url.pathname}${url.search}`;
    const base = request.server.deps.config.publicBaseUrl;
    return base ? `${base}${path}` : path;
  };
  return {
    count,
    next: page * page_size < count ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results,
  };
}
