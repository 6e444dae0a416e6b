import { z } from 'zod';
import { paginated, pageQuery } from './drf';
import { safeText, TEXT_LIMITS } from './safe-text';

// Reference data every screen may need: countries.

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

// The services (GET /services/ and the rest) are the services module's contract: ./services.ts.

export const REFERENCE_PATHS = {
  countries: '/countries/',
  services: '/services/',
} as const;
