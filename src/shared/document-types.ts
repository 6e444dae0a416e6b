// The document types of spec §3, as stored values; the interface translates them for display.

export const DOCUMENT_TYPES = [
  'original_diploma',
  'diploma_translation',
  'original_transcript',
  'transcript_translation',
  'id_document',
  'previous_education',
  'curriculum',
  'thesis_abstract',
  'exemption_proof',
  'additional_document',
  'verification_request',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
