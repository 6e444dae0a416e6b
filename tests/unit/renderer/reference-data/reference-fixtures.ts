import type { LegalReason, NationalQualification } from '../../../../src/shared/api/decision-references';
import type { CountryRecord, InstitutionRecord, ReferenceValue } from '../../../../src/shared/api/reference-data';
import { GROUPS } from '../../../../src/shared/auth/permissions';
import { makeUser } from '../fixtures';

export const administrator = makeUser({ id: 1, username: 'admin', groups: [GROUPS.administrators], is_superuser: true });

export function makeInstitution(overrides: Partial<InstitutionRecord> = {}): InstitutionRecord {
  return {
    id: 11,
    name_en: 'University of Prishtina',
    name_sq: 'Universiteti i Prishtinës',
    name_sr: 'Univerzitet u Prištini',
    country: 'XK',
    type: 'public',
    website: 'https://uni-pr.edu',
    email: 'info@uni-pr.edu',
    accreditation_status: 'accredited',
    diploma_register_url: null,
    active: true,
    merged_into: null,
    version: 3,
    created_at: '2026-01-05T09:00:00Z',
    updated_at: '2026-02-10T14:30:00Z',
    ...overrides,
  };
}

export function makeValue(overrides: Partial<ReferenceValue> = {}): ReferenceValue {
  return {
    list: 'degree_levels',
    code: 'master',
    name_en: 'Master',
    name_sq: 'Master',
    name_sr: 'Master',
    active: true,
    sort_order: 30,
    eqf_level: 7,
    nqf_level: 7,
    version: 2,
    ...overrides,
  };
}

export function makeCountry(overrides: Partial<CountryRecord> = {}): CountryRecord {
  return {
    code: 'AL',
    alpha3: 'ALB',
    name_en: 'Albania',
    name_sq: 'Shqipëria',
    name_sr: 'Albanija',
    eu_eea: false,
    bologna_member: true,
    active_for_applications: true,
    version: 1,
    ...overrides,
  };
}

export const page = <T>(results: T[], count = results.length) => ({ count, next: null, previous: null, results });

/** The names-only catalogue every screen formats country names with. */
export const countryCatalogue = page([
  { code: 'XK', alpha3: 'XKX', name_en: 'Kosovo', name_sq: 'Kosova', name_sr: 'Kosovo' },
  { code: 'AL', alpha3: 'ALB', name_en: 'Albania', name_sq: 'Shqipëria', name_sr: 'Albanija' },
  { code: 'RS', alpha3: 'SRB', name_en: 'Serbia', name_sq: 'Serbia', name_sr: 'Srbija' },
]);

export function makeLegalReason(overrides: Partial<LegalReason> = {}): LegalReason {
  return {
    id: 31,
    article: 'Lisbon Recognition Convention, Art. VI.1',
    text_en: 'A higher education qualification is recognised unless a substantial difference can be shown.',
    text_sq: 'Një kualifikim i arsimit të lartë njihet, përveç nëse mund të tregohet një dallim thelbësor.',
    text_sr: 'Kvalifikacija visokog obrazovanja se priznaje, osim ako se može dokazati bitna razlika.',
    services: [1],
    outcomes: ['full', 'partial', 'non_recognition'],
    active: true,
    version: 2,
    created_at: '2026-01-05T09:00:00Z',
    updated_at: '2026-02-10T14:30:00Z',
    ...overrides,
  };
}

export function makeNationalQualification(overrides: Partial<NationalQualification> = {}): NationalQualification {
  return {
    id: 41,
    name_en: 'Master (120 ECTS)',
    name_sq: 'Master (120 ECTS)',
    name_sr: 'Master (120 ECTS)',
    degree_level: 'master',
    eqf_level: 7,
    nqf_level: 7,
    ects_credits: 120,
    duration_years: 2,
    profile: 'academic',
    active: true,
    version: 1,
    created_at: '2026-01-05T09:00:00Z',
    updated_at: '2026-02-10T14:30:00Z',
    ...overrides,
  };
}
