import { ACCREDITATION_STATUSES, INSTITUTION_TYPES, type AccreditationStatus, type InstitutionType } from '../../../shared/api/reference-data';
import { pageOf } from '../../lib/list-address';

// The lists' queries as the address holds them (`?search=…&country=XK&type=public&
// accreditation=accredited&active=true&page=2&page_size=50`); anything unknown there is left out.

export interface InstitutionListQuery {
  page: number;
  page_size: number;
  search?: string;
  country?: string;
  type?: InstitutionType;
  accreditation_status?: AccreditationStatus;
  active?: boolean;
}

export interface CountryListQuery {
  page: number;
  page_size: number;
  search?: string;
}

/** The page and page size as the list kit reads them from the address. */
function paging(params: URLSearchParams): { page: number; page_size: number } {
  const { page, pageSize } = pageOf(params);
  return { page, page_size: pageSize };
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** Leaves out the names whose value is undefined (the query string must not say "undefined"). */
function defined<T extends object>(query: T): T {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as T;
}

export function institutionQueryOf(params: URLSearchParams): InstitutionListQuery {
  const active = params.get('active');
  const country = params.get('country');
  return defined({
    ...paging(params),
    search: params.get('search')?.trim() || undefined,
    country: country && /^[A-Z]{2}$/.test(country) ? country : undefined,
    type: oneOf(INSTITUTION_TYPES, params.get('type')),
    accreditation_status: oneOf(ACCREDITATION_STATUSES, params.get('accreditation')),
    active: active === 'true' ? true : active === 'false' ? false : undefined,
  });
}

export function countryQueryOf(params: URLSearchParams): CountryListQuery {
  return defined({ ...paging(params), search: params.get('search')?.trim() || undefined });
}
