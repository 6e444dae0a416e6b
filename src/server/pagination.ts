import type { FastifyRequest } from 'fastify';
import type { Paginated } from '../shared/api/drf';
import { notFound } from './errors';

// DRF's page-number pagination: absolute `next`/`previous` links that keep the other query
// parameters, and a 404 "Invalid page." past the last page.

export interface PageRequest {
  page: number;
  page_size: number;
}

export function pageWindow({ page, page_size }: PageRequest): { limit: number; offset: number } {
  return { limit: page_size, offset: (page - 1) * page_size };
}

export function pageAnswer<T>(request: FastifyRequest, pageRequest: PageRequest, count: number, results: T[]): Paginated<T> {
  const { page, page_size } = pageRequest;
  if (page > 1 && (page - 1) * page_size >= count) throw notFound('Invalid page.');
  const link = (target: number) => {
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    if (target === 1) url.searchParams.delete('page');
    else url.searchParams.set('page', String(target));
    return url.toString();
  };
  return {
    count,
    next: page * page_size < count ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results,
  };
}
