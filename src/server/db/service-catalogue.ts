import { SERVICE_CATEGORY_BY_TYPE, SERVICE_DEGREE_OPTIONS, type ServiceType } from '../../shared/constants';
import type { DocumentType } from '../../shared/document-types';

// The five services of spec §1 as first installed. Admins edit them afterwards (services screens),
// so the seed only creates missing ones. The spec leaves amounts open: these are starting values.

export interface DocumentRequirementSeed {
  document_type: DocumentType;
  required: boolean;
  description: string;
}

export interface ServiceSeed {
  service_type: ServiceType;
  name: string;
  description: string;
  fee: string;
  fee_enabled: boolean;
  base_fee_amount: string;
  fee_exemption_allowed: boolean;
  processing_time_days: number;
  requirements: string;
  council_required: boolean;
  document_requirements: readonly DocumentRequirementSeed[];
}

const identity: DocumentRequirementSeed = {
  document_type: 'id_document',
  required: true,
  description: 'Identity card or passport of the applicant.',
};
const additional: DocumentRequirementSeed = {
  document_type: 'additional_document',
  required: false,
  description: 'Any other document that supports the application.',
};
const exemption: DocumentRequirementSeed = {
  document_type: 'exemption_proof',
  required: false,
  description: 'Proof of entitlement to a fee exemption, when one is requested.',
};

export const SERVICE_CATALOGUE: readonly ServiceSeed[] = [
  {
    service_type: 1,
    name: 'Recognition of university or professional diplomas',
    description:
      'Academic recognition of a higher education or professional qualification obtained abroad, decided by a recognition council.',
    fee: '30.00',
    fee_enabled: true,
    base_fee_amount: '30.00',
    fee_exemption_allowed: true,
    processing_time_days: 60,
    requirements:
      'Original diploma and transcript with certified translations, the previous (secondary) education diploma and an identity document.',
    council_required: true,
    document_requirements: [
      { document_type: 'original_diploma', required: true, description: 'The original diploma being recognised.' },
      { document_type: 'diploma_translation', required: true, description: 'Certified translation of the diploma.' },
      { document_type: 'original_transcript', required: true, description: 'Transcript of records or diploma supplement.' },
      { document_type: 'transcript_translation', required: true, description: 'Certified translation of the transcript.' },
      identity,
      { document_type: 'previous_education', required: true, description: 'Diploma of the education that gave access to these studies.' },
      { document_type: 'curriculum', required: false, description: 'Study programme curriculum, when the council asks for it.' },
      { document_type: 'thesis_abstract', required: false, description: 'Abstract of the thesis, for master and doctoral degrees.' },
      exemption,
      additional,
    ],
  },
  {
    service_type: 2,
    name: 'Recognition of pre-university diplomas',
    description: 'Recognition of primary or secondary school certificates and report cards obtained abroad.',
    fee: '20.00',
    fee_enabled: true,
    base_fee_amount: '20.00',
    fee_exemption_allowed: true,
    processing_time_days: 30,
    requirements: 'The diploma, the report cards, or both, with certified translations, and an identity document.',
    council_required: false,
    document_requirements: [
      { document_type: 'original_diploma', required: false, description: 'School leaving certificate (diploma), if recognised.' },
      { document_type: 'diploma_translation', required: false, description: 'Certified translation of the diploma.' },
      { document_type: 'original_transcript', required: false, description: 'Report cards of the school years, if recognised.' },
      { document_type: 'transcript_translation', required: false, description: 'Certified translation of the report cards.' },
      identity,
      exemption,
      additional,
    ],
  },
  {
    service_type: 3,
    name: 'Verification of Kosovo diplomas',
    description: 'Verification of the authenticity of a diploma issued by an institution in Kosovo.',
    fee: '10.00',
    fee_enabled: true,
    base_fee_amount: '10.00',
    fee_exemption_allowed: false,
    processing_time_days: 15,
    requirements: 'The verification request, the diploma to verify and an identity document.',
    council_required: false,
    document_requirements: [
      { document_type: 'verification_request', required: true, description: 'Request stating who asks for the verification and why.' },
      { document_type: 'original_diploma', required: true, description: 'The diploma to verify.' },
      { document_type: 'original_transcript', required: false, description: 'Transcript or diploma supplement, if it is to be verified too.' },
      identity,
      additional,
    ],
  },
  {
    service_type: 4,
    name: 'Verification documents for studies abroad',
    description: 'Verification of Kosovo school and university documents needed for studies abroad.',
    fee: '10.00',
    fee_enabled: true,
    base_fee_amount: '10.00',
    fee_exemption_allowed: false,
    processing_time_days: 15,
    requirements: 'The verification request, the documents to verify and an identity document.',
    council_required: false,
    document_requirements: [
      { document_type: 'verification_request', required: true, description: 'Request naming the documents and the receiving institution.' },
      { document_type: 'original_diploma', required: false, description: 'Diploma or certificate to verify.' },
      { document_type: 'original_transcript', required: false, description: 'Report cards or transcript to verify.' },
      identity,
      additional,
    ],
  },
  {
    service_type: 5,
    name: 'Academic information requests',
    description: 'Written information on the recognition of qualifications and on the education system.',
    fee: '5.00',
    fee_enabled: true,
    base_fee_amount: '5.00',
    fee_exemption_allowed: false,
    processing_time_days: 10,
    requirements: 'The request describing the information needed, and an identity document.',
    council_required: false,
    document_requirements: [
      { document_type: 'verification_request', required: true, description: 'The information request.' },
      identity,
      additional,
    ],
  },
];

export function serviceCategory(type: ServiceType) {
  return SERVICE_CATEGORY_BY_TYPE[type];
}

export function serviceDegreeOptions(type: ServiceType): string[] {
  return [...SERVICE_DEGREE_OPTIONS[type]];
}
