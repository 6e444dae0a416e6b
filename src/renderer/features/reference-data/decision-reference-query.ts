import {
  LEGAL_REASON_ORDERINGS,
  NATIONAL_QUALIFICATION_ORDERINGS,
  QUALIFICATION_PROFILES,
  RECOGNITION_OUTCOMES,
  type QualificationProfile,
  type RecognitionOutcome,
} from '../../../shared/api/decision-references';
import { pageOf } from '../../lib/list-address';

// The legal reasons' and national qualifications' list queries as the address holds them
// (`?service=1&outcome=partial&active=true&search=…&ordering=-article&page=2`); anything the
// server would refuse is left out.

export interface LegalReasonListQuery {
  page: number;
  page_size: number;
  service?: '1' | '2';
  outcome?: RecognitionOutcome;
  active?: boolean;
  search?: string;
  ordering: (typeof LEGAL_REASON_ORDERINGS)[number];
}

export interface NationalQualificationListQuery {
  page: number;
  page_size: number;
  degree_level?: string;
  profile?: QualificationProfile;
  active?: boolean;
  search?: string;
  ordering: (typeof NATIONAL_QUALIFICATION_ORDERINGS)[number];
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

const flag = (value: string | null) => (value === 'true' ? true : value === 'false' ? false : undefined);

/** Leaves out the names whose value is undefined (the query string must not say "undefined"). */
function defined<T extends object>(query: T): T {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as T;
}

function paging(params: URLSearchParams) {
  const { page, pageSize } = pageOf(params);
  return { page, page_size: pageSize };
}

export function legalReasonQueryOf(params: URLSearchParams, ordering: string): LegalReasonListQuery {
  return defined({
    ...paging(params),
    service: oneOf(['1', '2'] as const, params.get('service')),
    outcome: oneOf(RECOGNITION_OUTCOMES, params.get('outcome')),
    active: flag(params.get('active')),
    search: params.get('search')?.trim() || undefined,
    ordering: oneOf(LEGAL_REASON_ORDERINGS, ordering) ?? 'article',
  });
}

export function nationalQualificationQueryOf(params: URLSearchParams, ordering: string): NationalQualificationListQuery {
  const level = params.get('degree_level');
  return defined({
    ...paging(params),
    degree_level: level && /^[a-z_]{1,64}$/.test(level) ? level : undefined,
    profile: oneOf(QUALIFICATION_PROFILES, params.get('profile')),
    active: flag(params.get('active')),
    search: params.get('search')?.trim() || undefined,
    ordering: oneOf(NATIONAL_QUALIFICATION_ORDERINGS, ordering) ?? 'eqf_level',
  });
}
