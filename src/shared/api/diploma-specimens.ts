import { z } from 'zod';
import { checkRefusal } from '../refusals';
import { NUMBER_PATTERN_MAX, numberPatternProblem } from '../domain/number-format';
import { activeContent } from './applications';
import { calendarDate as isoDate } from './deadlines';
import { pageQuery, paginated, recordId, recordVersion } from './drf';
import { uploadFileName } from './documents';
import { safeText, TEXT_LIMITS } from './safe-text';

// Diploma specimens (shared/design/recognition.md, "Authenticity in practice"): per institution
// and qualification, the genuine document of a period of issue with its security features, its
// numbering format and its signatories' titles. Kept by those who establish authenticity
// (mayVerifyAuthenticity); every edit or new file is a new version, the old ones stay readable.
// On an application's document an officer compares the submitted file with the specimen, ticks
// the features found and checks the diploma's number against the format; the comparison is kept
// on the document with the version it was made against, who and when.

/** How many security features or signatories a version lists at most. */
export const SPECIMEN_LIST_MAX = 30;

const text = (max: number) => safeText({ max }).min(1, 'This field is required');
const optionalText = (max: number) =>
  safeText({ max })
    .nullish()
    .transform((value) => (value ? value : null));
const shortTexts = z.array(text(TEXT_LIMITS.name)).max(SPECIMEN_LIST_MAX);

/** A numbering format: compiles, at most NUMBER_PATTERN_MAX characters, no repeated repeating group. */
export const numberPattern = safeText({ max: NUMBER_PATTERN_MAX })
  .min(1, 'This field is required')
  .superRefine((pattern, context) => {
    const problem = numberPatternProblem(pattern);
    if (problem === 'invalid') context.addIssue({ code: 'custom', message: 'Not a valid pattern.', params: checkRefusal('specimen_pattern_invalid') });
    if (problem === 'nested_quantifier')
      context.addIssue({ code: 'custom', message: 'A repeated group repeats inside: the check could run for ever.', params: checkRefusal('specimen_pattern_nested') });
  });

const specimenFields = {
  qualification: text(TEXT_LIMITS.name),
  issued_from: isoDate,
  issued_to: isoDate.nullish().transform((value) => value ?? null),
  security_features: shortTexts,
  number_pattern: numberPattern,
  signatories: shortTexts,
  notes: optionalText(TEXT_LIMITS.notes),
};
const periodInOrder = <T extends { issued_from: string; issued_to: string | null }>(value: T) => value.issued_to === null || value.issued_to >= value.issued_from;
const periodRefusal = { path: ['issued_to'], message: 'The period ends before it starts.', params: checkRefusal('specimen_period_reversed') };

export const specimenCreate = z.object({ institution_id: recordId, ...specimenFields }).refine(periodInOrder, periodRefusal);
export type SpecimenCreate = z.input<typeof specimenCreate>;

/** A new version of the specimen: its fields as they now are, and the version the editor saw (412 when another came since). */
export const specimenUpdate = z.object({ version: recordVersion, ...specimenFields }).refine(periodInOrder, periodRefusal);
export type SpecimenUpdate = z.input<typeof specimenUpdate>;

/**
 * What a specimen's genuine document may be: a PDF, or an image of the diploma (a scan or a
 * photograph). Images are checked by their bytes and re-encoded by the server, as every uploaded
 * image is; they are sent as the raw body of the same upload (Content-Type image/png or image/jpeg).
 */
export const SPECIMEN_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const SPECIMEN_MEDIA_TYPES = ['application/pdf', ...SPECIMEN_IMAGE_TYPES] as const;
export type SpecimenMediaType = (typeof SPECIMEN_MEDIA_TYPES)[number];
/** The largest specimen image accepted (its pixels are limited by IMAGE_LIMITS as well). */
export const SPECIMEN_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export const specimenFile = z.object({
  file_name: z.string(),
  media_type: z.enum(SPECIMEN_MEDIA_TYPES),
  size: z.number().int().nonnegative(),
  sha256: z.string().nullable(),
  active_content: activeContent,
});

export const specimenVersion = z.object({
  /** The version's own id: what a comparison and the file's download name. */
  id: z.number().int(),
  version: z.number().int(),
  qualification: z.string(),
  issued_from: z.string(),
  issued_to: z.string().nullable(),
  security_features: z.array(z.string()),
  number_pattern: z.string(),
  signatories: z.array(z.string()),
  notes: z.string().nullable(),
  file: specimenFile.nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type SpecimenVersion = z.infer<typeof specimenVersion>;

const specimenInstitution = z.object({ id: z.number().int(), name_en: z.string(), name_sq: z.string(), name_sr: z.string(), country: z.string() });

export const specimenListItem = z.object({
  id: z.number().int(),
  institution: specimenInstitution,
  current: specimenVersion,
});
export type SpecimenListItem = z.infer<typeof specimenListItem>;
export const specimenList = paginated(specimenListItem);

export const specimenListQuery = pageQuery.extend({
  institution: z.coerce.number().pipe(recordId).optional(),
  search: safeText({ max: TEXT_LIMITS.search }).optional(),
});

export const specimen = specimenListItem.extend({
  /** Every version, newest first (the current one included). */
  versions: z.array(specimenVersion),
});
export type Specimen = z.infer<typeof specimen>;

export const specimenUploadQuery = z.object({
  version: z.coerce.number().pipe(recordVersion),
  /** Absent: the multipart file's own name, else `specimen.pdf`. */
  file_name: uploadFileName.optional(),
});

export const specimenComparisonInput = z.object({
  specimen_version_id: recordId,
  /** The places (0-based) in the version's security features the officer found on the document. */
  features_present: z.array(z.number().int().nonnegative().max(SPECIMEN_LIST_MAX)).max(SPECIMEN_LIST_MAX),
  /** The diploma's number as read off the document; absent when it has none to read. */
  number_typed: optionalText(TEXT_LIMITS.code),
});
export type SpecimenComparisonInput = z.input<typeof specimenComparisonInput>;

export const specimenComparison = z.object({
  id: z.number().int(),
  document_id: z.number().int(),
  specimen_id: z.number().int(),
  specimen_version: z.number().int(),
  qualification: z.string(),
  /** Each feature of the version compared with, and whether the officer found it. */
  features: z.array(z.object({ feature: z.string(), present: z.boolean() })),
  number_typed: z.string().nullable(),
  number_pattern: z.string(),
  number_matches: z.boolean().nullable(),
  compared_by_name: z.string().nullable(),
  compared_at: z.string(),
});
export type SpecimenComparison = z.infer<typeof specimenComparison>;

/** What an application's documents tab needs: the specimens its institution and diploma date match, and the comparisons made. */
export const applicationSpecimens = z.object({
  /** The current versions matching, the application's institution, its diploma date in the period when known. */
  specimens: z.array(specimenListItem),
  /** Per document, its comparisons, newest first. */
  comparisons: z.array(specimenComparison),
});
export type ApplicationSpecimens = z.infer<typeof applicationSpecimens>;

export const SPECIMEN_PATHS = {
  /** GET list, POST create (admins, document verifiers, officers). */
  list: '/reference/specimens/',
  /** GET with its versions; PUT a new version. */
  detail: (specimenId: number) => `/reference/specimens/${specimenId}/`,
  /** PUT/POST the genuine document (a new version). */
  file: (specimenId: number) => `/reference/specimens/${specimenId}/file/`,
  /** GET a version's genuine document. */
  versionFile: (versionId: number) => `/reference/specimen-versions/${versionId}/file/`,
  /** GET the specimens matching an application and the comparisons of its documents. */
  application: (applicationId: number) => `/applications/${applicationId}/specimens/`,
  /** POST a comparison of the document with a specimen version. */
  comparisons: (documentId: number) => `/documents/${documentId}/specimen-comparisons/`,
} as const;
