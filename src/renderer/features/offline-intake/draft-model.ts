import type { IntakeRequest } from '../../../shared/api/intake';
import type { Gender, ServiceType } from '../../../shared/constants';
import type { DocumentType } from '../../../shared/document-types';
import type { DegreeLevel, DocumentKind, InstitutionType, InstructionLanguage, StudyMode } from '../../../shared/domain/application-status';
import type { AcademicInformationRequestType } from '../../../shared/domain/fees';

// What a counter draft holds: the form's values as the officer typed them (strings,
// '' for empty, so every keystroke can be saved as is) and the PDFs kept for it. The whole draft
// is encrypted at rest (draft-crypto.ts); only its opaque id and owner are stored in clear.

/** A PDF attached to a draft: kept by the bridge (desktop: main's user-data folder), uploaded later under `upload_key`. */
export interface DraftDocument {
  /** The bridge's id of the kept file (counter.keepAttachment). */
  attachment_id: string;
  /** Chosen when the file is attached; every staging retry uses it, so the server stores the file once. */
  upload_key: string;
  document_type: DocumentType;
  kind: DocumentKind;
  file_name: string;
  size: number;
  sha256: string;
}

export interface DraftValues {
  service_type: ServiceType | null;
  applicant: {
    first_name: string;
    last_name: string;
    personal_id: string;
    /** yyyy-mm-dd or ''. */
    date_of_birth: string;
    gender: Gender;
    email: string;
    phone: string;
    /** ISO 3166 alpha-2 or ''. */
    country: string;
    address: string;
  };
  education: {
    institution_name: string;
    institution_country: string;
    institution_email: string;
    institution_website: string;
    institution_type: InstitutionType | '';
    program_name: string;
    degree_level: DegreeLevel | '';
    duration: string;
    graduation_date: string;
    /** As typed; a whole number when sent. */
    ects_credits: string;
    purpose_details: string;
    // What evaluators compare. Optional: drafts saved before the form asked for them lack them,
    // and a missing one reads as empty.
    original_title?: string;
    /** ISO 639-1 of INSTRUCTION_LANGUAGES, or ''. */
    language_of_instruction?: InstructionLanguage | '';
    study_mode?: StudyMode | '';
    /** yyyy-mm-dd or ''. */
    study_start?: string;
    study_end?: string;
    grading_scale?: string;
    final_grade?: string;
  };
  /** Service 5 only. */
  request_type: AcademicInformationRequestType | '';
  exemption: { requested: boolean; reason: string };
  documents: DraftDocument[];
}

export interface Draft {
  /** crypto.randomUUID(); opaque. */
  id: string;
  /** ISO date-times. */
  created_at: string;
  updated_at: string;
  values: DraftValues;
}

export function emptyDraftValues(): DraftValues {
  return {
    service_type: null,
    applicant: {
      first_name: '',
      last_name: '',
      personal_id: '',
      date_of_birth: '',
      gender: 'not_specified',
      email: '',
      phone: '',
      country: '',
      address: '',
    },
    education: {
      institution_name: '',
      institution_country: '',
      institution_email: '',
      institution_website: '',
      institution_type: '',
      program_name: '',
      degree_level: '',
      duration: '',
      graduation_date: '',
      ects_credits: '',
      purpose_details: '',
      original_title: '',
      language_of_instruction: '',
      study_mode: '',
      study_start: '',
      study_end: '',
      grading_scale: '',
      final_grade: '',
    },
    request_type: '',
    exemption: { requested: false, reason: '' },
    documents: [],
  };
}

const orNull = (text: string | undefined): string | null => (text === undefined || text.trim() === '' ? null : text.trim());

/**
 * The submission a draft becomes, before the schema's checks (which the form runs too): ECTS
 * typed as "abc" becomes NaN here, so intakeRequest refuses it in words instead of dropping it.
 */
export function intakeRequestOf(draft: Draft, quotedTotal: string): IntakeRequest {
  const { values } = draft;
  const { applicant, education } = values;
  const ects = education.ects_credits.trim();
  return {
    service_type: values.service_type ?? 0,
    applicant: {
      first_name: applicant.first_name,
      last_name: applicant.last_name,
      personal_id: applicant.personal_id,
      date_of_birth: orNull(applicant.date_of_birth),
      gender: applicant.gender,
      email: applicant.email,
      phone: orNull(applicant.phone),
      country: orNull(applicant.country),
      address: orNull(applicant.address),
    },
    education: {
      institution_name: education.institution_name,
      institution_country: orNull(education.institution_country),
      institution_email: orNull(education.institution_email),
      institution_website: orNull(education.institution_website),
      institution_type: education.institution_type === '' ? null : education.institution_type,
      program_name: orNull(education.program_name),
      degree_level: education.degree_level === '' ? null : education.degree_level,
      duration: orNull(education.duration),
      graduation_date: orNull(education.graduation_date),
      ects_credits: ects === '' ? null : Number(ects),
      purpose_details: orNull(education.purpose_details),
      original_title: orNull(education.original_title),
      language_of_instruction: education.language_of_instruction || null,
      study_mode: education.study_mode || null,
      study_start: orNull(education.study_start),
      study_end: orNull(education.study_end),
      grading_scale: orNull(education.grading_scale),
      final_grade: orNull(education.final_grade),
    },
    request_type: values.request_type === '' ? null : values.request_type,
    documents: values.documents.map((document) => ({
      upload_key: document.upload_key,
      document_type: document.document_type,
      kind: document.kind,
    })),
    exemption: values.exemption.requested ? { reason: values.exemption.reason } : null,
    quoted_total: quotedTotal,
    taken_at: draft.created_at,
  };
}
