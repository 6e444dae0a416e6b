import { z } from 'zod';
import { SERVICE_CATEGORIES } from '../constants';
import { DOCUMENT_TYPES } from '../document-types';
import { paginated, pageQuery } from './drf';
import { safeText, TEXT_LIMITS } from './safe-text';

// Reference data every screen may need: countries and the five services.

export const country = z.object({
  code: z.string().length(2),
  alpha3: z.string().nullable(),
  name_en: z.string(),
  name_sq: z.string(),
  name_sr: z.string(),
});
export type Country = z.infer<typeof country>;

export const countryListQuery = pageQuery.extend({
  /** Matched against the code and the English, Albanian and Serbian names. */
  search: safeText({ max: TEXT_LIMITS.search }).optional(),
});
export const countryListAnswer = paginated(country);

export const serviceDocumentRequirement = z.object({
  id: z.number().int(),
  document_type: z.enum(DOCUMENT_TYPES),
  required: z.boolean(),
  description: z.string(),
});

/** Money travels as a decimal string ("30.00"), as Django REST Framework sends it. */
const money = z.string().regex(/^\d+(\.\d{1,2})?$/, 'Invalid format');

export const service = z.object({
  id: z.number().int(),
  service_type: z.number().int().min(1).max(5),
  category: z.enum(SERVICE_CATEGORIES),
  name: z.string(),
  description: z.string(),
  fee: money,
  fee_enabled: z.boolean(),
  base_fee_amount: money.nullable(),
  fee_exemption_allowed: z.boolean(),
  processing_time_days: z.number().int(),
  requirements: z.string(),
  enabled: z.boolean(),
  council_required: z.boolean(),
  degree_options: z.array(z.string()),
  document_requirements: z.array(serviceDocumentRequirement),
});
export type Service = z.infer<typeof service>;

export const serviceListQuery = pageQuery;
export const serviceListAnswer = paginated(service);

export const REFERENCE_PATHS = {
  countries: '/countries/',
  services: '/services/',
} as const;
