import { z } from 'zod';
import { DOCUMENT_TYPES } from '../document-types';
import { educationInfo } from './applications';
import { localisedName } from './localised-name';
import { ACCREDITATION_STATUSES } from './reference-data';

// The qualification as those who judge it read it (the council's review, an evaluator's review):
// the education record with what the reference data says of it, so the institution's standing and
// the level's place in the frameworks are on the screen beside the decision.

/** The reference institution the application's institution names (in any of its three names, in its country). */
export const institutionStanding = localisedName.extend({
  id: z.number().int(),
  country: z.string(),
  accreditation_status: z.enum(ACCREDITATION_STATUSES),
  diploma_register_url: z.string().nullable(),
});
export type InstitutionStanding = z.infer<typeof institutionStanding>;

export const qualification = educationInfo
  .omit({ institution_email: true, institution_website: true, purpose_details: true })
  .extend({
    /** Null when no institution of the reference data matches (a merged duplicate answers its survivor). */
    institution: institutionStanding.nullable(),
    /** The degree level's EQF and Kosovo NQF levels from the degree_levels reference list (null when it has none). */
    eqf_level: z.number().int().nullable(),
    nqf_level: z.number().int().nullable(),
  });
export type Qualification = z.infer<typeof qualification>;

/** Document types the service requires that the application has no (unrejected) document of. */
export const missingDocuments = z.array(z.enum(DOCUMENT_TYPES));
