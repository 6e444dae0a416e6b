import { sql } from 'kysely';
import { SERVICE_CATEGORY_BY_TYPE, SERVICE_DEGREE_OPTIONS, type ServiceType } from '../../shared/constants';
import type { DocumentType } from '../../shared/document-types';
import { lowestPrice, type PriceTable } from '../../shared/domain/fees';
import { workflowStagesOf } from '../../shared/domain/service-stages';
import type { AppDatabase } from './database';

// The five services of spec §1 as first installed, in en, sq and sr. Admins edit them afterwards
// (services screens), so the seed only creates missing ones. The spec gives no amounts: the price
// tables below are plausible starting values in euros (README, "Services and fees").

interface Texts {
  en: string;
  sq: string;
  sr: string;
}

export interface DocumentRequirementSeed {
  document_type: DocumentType;
  required: boolean;
  description: Texts;
}

export interface ServiceSeed {
  service_type: ServiceType;
  name: Texts;
  description: Texts;
  requirements: Texts;
  fee_enabled: boolean;
  base_fee_amount: string;
  fee_exemption_allowed: boolean;
  processing_time_days: number;
  council_required: boolean;
  /** The appeal notice of the recognition services' decisions. */
  appeal?: { days: number; body: Texts };
  price_table: PriceTable;
  document_requirements: readonly DocumentRequirementSeed[];
  selectable_documents: readonly Texts[];
}

// Kosovo's procedure: an appeal within 15 days of the decision, to the ministry's appeals commission.
const RECOGNITION_APPEAL = {
  days: 15,
  body: {
    en: 'Appeals Commission of the Ministry of Education, Science, Technology and Innovation',
    sq: 'Komisioni i Ankesave i Ministrisë së Arsimit, Shkencës, Teknologjisë dhe Inovacionit',
    sr: 'Komisija za žalbe Ministarstva obrazovanja, nauke, tehnologije i inovacija',
  },
};

const identity: DocumentRequirementSeed = {
  document_type: 'id_document',
  required: true,
  description: {
    en: 'Identity card or passport of the applicant.',
    sq: 'Letërnjoftimi ose pasaporta e aplikuesit.',
    sr: 'Lična karta ili pasoš podnosioca zahteva.',
  },
};
const additional: DocumentRequirementSeed = {
  document_type: 'additional_document',
  required: false,
  description: {
    en: 'Any other document that supports the application.',
    sq: 'Çdo dokument tjetër që mbështet aplikimin.',
    sr: 'Svaki drugi dokument koji podržava zahtev.',
  },
};
const exemption: DocumentRequirementSeed = {
  document_type: 'exemption_proof',
  required: false,
  description: {
    en: 'Proof of entitlement to a fee exemption, when one is requested.',
    sq: 'Dëshmia e së drejtës për lirim nga tarifa, kur kërkohet lirimi.',
    sr: 'Dokaz o pravu na oslobađanje od takse, kada se ono traži.',
  },
};

export const SERVICE_CATALOGUE: readonly ServiceSeed[] = [
  {
    service_type: 1,
    name: {
      en: 'Recognition of university or professional diplomas',
      sq: 'Njohja e diplomave universitare ose profesionale',
      sr: 'Priznavanje univerzitetskih ili stručnih diploma',
    },
    description: {
      en: 'Academic recognition of a higher education or professional qualification obtained abroad, decided by a recognition council.',
      sq: 'Njohja akademike e një kualifikimi të arsimit të lartë ose profesional të fituar jashtë vendit, e vendosur nga një këshill njohjeje.',
      sr: 'Akademsko priznavanje visokoškolske ili stručne kvalifikacije stečene u inostranstvu, o kojem odlučuje savet za priznavanje.',
    },
    requirements: {
      en: 'Original diploma and transcript with certified translations, the previous (secondary) education diploma and an identity document.',
      sq: 'Diploma dhe transkripta origjinale me përkthime të vërtetuara, diploma e arsimit të mëparshëm (të mesëm) dhe një dokument identifikimi.',
      sr: 'Originalna diploma i prepis ocena sa overenim prevodima, diploma prethodnog (srednjeg) obrazovanja i lični dokument.',
    },
    fee_enabled: true,
    base_fee_amount: '30.00',
    fee_exemption_allowed: true,
    processing_time_days: 60,
    council_required: true,
    appeal: RECOGNITION_APPEAL,
    price_table: { kind: 'flat', prices: { standard: '30.00' }, degree_prices: { master: { standard: '40.00' }, doctorate: { standard: '50.00' } } },
    document_requirements: [
      { document_type: 'original_diploma', required: true, description: { en: 'The original diploma being recognised.', sq: 'Diploma origjinale që njihet.', sr: 'Originalna diploma koja se priznaje.' } },
      { document_type: 'diploma_translation', required: true, description: { en: 'Certified translation of the diploma.', sq: 'Përkthimi i vërtetuar i diplomës.', sr: 'Overeni prevod diplome.' } },
      { document_type: 'original_transcript', required: true, description: { en: 'Transcript of records or diploma supplement.', sq: 'Transkripta e notave ose shtojca e diplomës.', sr: 'Prepis ocena ili dodatak diplomi.' } },
      { document_type: 'transcript_translation', required: true, description: { en: 'Certified translation of the transcript.', sq: 'Përkthimi i vërtetuar i transkriptës.', sr: 'Overeni prevod prepisa ocena.' } },
      identity,
      { document_type: 'previous_education', required: true, description: { en: 'Diploma of the education that gave access to these studies.', sq: 'Diploma e arsimit që dha qasje në këto studime.', sr: 'Diploma obrazovanja koje je omogućilo upis na ove studije.' } },
      { document_type: 'curriculum', required: false, description: { en: 'Study programme curriculum, when the council asks for it.', sq: 'Plani mësimor i programit të studimit, kur e kërkon këshilli.', sr: 'Nastavni plan studijskog programa, kada ga savet zatraži.' } },
      { document_type: 'thesis_abstract', required: false, description: { en: 'Abstract of the thesis, for master and doctoral degrees.', sq: 'Abstrakti i tezës, për gradat master dhe doktoraturë.', sr: 'Sažetak teze, za master i doktorske diplome.' } },
      exemption,
      additional,
    ],
    selectable_documents: [],
  },
  {
    service_type: 2,
    name: {
      en: 'Recognition of pre-university diplomas',
      sq: 'Njohja e diplomave parauniversitare',
      sr: 'Priznavanje preduniverzitetskih diploma',
    },
    description: {
      en: 'Recognition of primary or secondary school certificates and report cards obtained abroad.',
      sq: 'Njohja e dëftesave dhe diplomave të shkollës fillore ose të mesme të fituara jashtë vendit.',
      sr: 'Priznavanje svedočanstava i diploma osnovne ili srednje škole stečenih u inostranstvu.',
    },
    requirements: {
      en: 'The diploma, the report cards, or both, with certified translations, and an identity document.',
      sq: 'Diploma, dëftesat, ose të dyja, me përkthime të vërtetuara, dhe një dokument identifikimi.',
      sr: 'Diploma, svedočanstva ili oboje, sa overenim prevodima, i lični dokument.',
    },
    fee_enabled: true,
    base_fee_amount: '20.00',
    fee_exemption_allowed: true,
    processing_time_days: 30,
    council_required: false,
    appeal: RECOGNITION_APPEAL,
    price_table: {
      kind: 'diploma_transcript',
      prices: { diploma_only: '15.00', transcript_only: '10.00', both: '20.00' },
      degree_prices: { upper_secondary: { diploma_only: '20.00', both: '25.00' } },
    },
    document_requirements: [
      { document_type: 'original_diploma', required: false, description: { en: 'School leaving certificate (diploma), if recognised.', sq: 'Diploma e shkollës, nëse njihet.', sr: 'Diploma o završenoj školi, ako se priznaje.' } },
      { document_type: 'diploma_translation', required: false, description: { en: 'Certified translation of the diploma.', sq: 'Përkthimi i vërtetuar i diplomës.', sr: 'Overeni prevod diplome.' } },
      { document_type: 'original_transcript', required: false, description: { en: 'Report cards of the school years, if recognised.', sq: 'Dëftesat e viteve shkollore, nëse njihen.', sr: 'Svedočanstva školskih godina, ako se priznaju.' } },
      { document_type: 'transcript_translation', required: false, description: { en: 'Certified translation of the report cards.', sq: 'Përkthimi i vërtetuar i dëftesave.', sr: 'Overeni prevod svedočanstava.' } },
      identity,
      exemption,
      additional,
    ],
    selectable_documents: [
      { en: 'Diploma', sq: 'Diploma', sr: 'Diploma' },
      { en: 'Report cards', sq: 'Dëftesat', sr: 'Svedočanstva' },
    ],
  },
  {
    service_type: 3,
    name: {
      en: 'Verification of Kosovo diplomas',
      sq: 'Verifikimi i diplomave të Kosovës',
      sr: 'Verifikacija kosovskih diploma',
    },
    description: {
      en: 'Verification of the authenticity of a diploma issued by an institution in Kosovo.',
      sq: 'Verifikimi i vërtetësisë së një diplome të lëshuar nga një institucion në Kosovë.',
      sr: 'Verifikacija autentičnosti diplome koju je izdala institucija na Kosovu.',
    },
    requirements: {
      en: 'The verification request, the diploma to verify and an identity document.',
      sq: 'Kërkesa për verifikim, diploma që verifikohet dhe një dokument identifikimi.',
      sr: 'Zahtev za verifikaciju, diploma koja se verifikuje i lični dokument.',
    },
    fee_enabled: true,
    base_fee_amount: '10.00',
    fee_exemption_allowed: false,
    processing_time_days: 15,
    council_required: false,
    price_table: { kind: 'document_count', prices: { one_or_fewer: '10.00', more_than_one: '15.00' }, degree_prices: {} },
    document_requirements: [
      { document_type: 'verification_request', required: true, description: { en: 'Request stating who asks for the verification and why.', sq: 'Kërkesa që tregon kush e kërkon verifikimin dhe pse.', sr: 'Zahtev u kojem stoji ko traži verifikaciju i zašto.' } },
      { document_type: 'original_diploma', required: true, description: { en: 'The diploma to verify.', sq: 'Diploma që verifikohet.', sr: 'Diploma koja se verifikuje.' } },
      { document_type: 'original_transcript', required: false, description: { en: 'Transcript or diploma supplement, if it is to be verified too.', sq: 'Transkripta ose shtojca e diplomës, nëse verifikohet edhe ajo.', sr: 'Prepis ocena ili dodatak diplomi, ako se i on verifikuje.' } },
      identity,
      additional,
    ],
    selectable_documents: [
      { en: 'Diploma', sq: 'Diploma', sr: 'Diploma' },
      { en: 'Diploma supplement', sq: 'Shtojca e diplomës', sr: 'Dodatak diplomi' },
      { en: 'Transcript of records', sq: 'Transkripta e notave', sr: 'Prepis ocena' },
    ],
  },
  {
    service_type: 4,
    name: {
      en: 'Verification documents for studies abroad',
      sq: 'Dokumentet e verifikimit për studime jashtë vendit',
      sr: 'Verifikacioni dokumenti za studije u inostranstvu',
    },
    description: {
      en: 'Verification of Kosovo school and university documents needed for studies abroad.',
      sq: 'Verifikimi i dokumenteve shkollore dhe universitare të Kosovës që nevojiten për studime jashtë vendit.',
      sr: 'Verifikacija kosovskih školskih i univerzitetskih dokumenata potrebnih za studije u inostranstvu.',
    },
    requirements: {
      en: 'The verification request, the documents to verify and an identity document.',
      sq: 'Kërkesa për verifikim, dokumentet që verifikohen dhe një dokument identifikimi.',
      sr: 'Zahtev za verifikaciju, dokumenti koji se verifikuju i lični dokument.',
    },
    fee_enabled: true,
    base_fee_amount: '10.00',
    fee_exemption_allowed: false,
    processing_time_days: 15,
    council_required: false,
    price_table: {
      kind: 'document_count',
      prices: { one_or_fewer: '10.00', more_than_one: '15.00' },
      degree_prices: { diploma_document: { one_or_fewer: '12.00', more_than_one: '18.00' } },
    },
    document_requirements: [
      { document_type: 'verification_request', required: true, description: { en: 'Request naming the documents and the receiving institution.', sq: 'Kërkesa që emërton dokumentet dhe institucionin pranues.', sr: 'Zahtev u kojem su navedeni dokumenti i ustanova koja ih prima.' } },
      { document_type: 'original_diploma', required: false, description: { en: 'Diploma or certificate to verify.', sq: 'Diploma ose certifikata që verifikohet.', sr: 'Diploma ili sertifikat koji se verifikuje.' } },
      { document_type: 'original_transcript', required: false, description: { en: 'Report cards or transcript to verify.', sq: 'Dëftesat ose transkripta që verifikohen.', sr: 'Svedočanstva ili prepis ocena koji se verifikuju.' } },
      identity,
      additional,
    ],
    selectable_documents: [
      { en: 'Diploma', sq: 'Diploma', sr: 'Diploma' },
      { en: 'Certificate', sq: 'Certifikata', sr: 'Sertifikat' },
      { en: 'Report cards', sq: 'Dëftesat', sr: 'Svedočanstva' },
    ],
  },
  {
    service_type: 5,
    name: {
      en: 'Academic information requests',
      sq: 'Kërkesat për informacion akademik',
      sr: 'Zahtevi za akademske informacije',
    },
    description: {
      en: 'Written information on the recognition of qualifications and on the education system.',
      sq: 'Informacion me shkrim për njohjen e kualifikimeve dhe për sistemin arsimor.',
      sr: 'Pismene informacije o priznavanju kvalifikacija i o obrazovnom sistemu.',
    },
    requirements: {
      en: 'The request describing the information needed, and an identity document.',
      sq: 'Kërkesa që përshkruan informacionin e nevojshëm dhe një dokument identifikimi.',
      sr: 'Zahtev koji opisuje potrebne informacije i lični dokument.',
    },
    fee_enabled: true,
    base_fee_amount: '5.00',
    fee_exemption_allowed: false,
    processing_time_days: 10,
    council_required: false,
    price_table: {
      kind: 'request_type',
      prices: { general_academic_information: '5.00', recognition_status_confirmation: '5.00', institution_accreditation_information: '8.00' },
      degree_prices: {},
    },
    document_requirements: [
      { document_type: 'verification_request', required: true, description: { en: 'The information request.', sq: 'Kërkesa për informacion.', sr: 'Zahtev za informacije.' } },
      identity,
      additional,
    ],
    selectable_documents: [],
  },
];

export function serviceCategory(type: ServiceType) {
  return SERVICE_CATEGORY_BY_TYPE[type];
}

export function serviceDegreeOptions(type: ServiceType): string[] {
  return [...SERVICE_DEGREE_OPTIONS[type]];
}

/** A catalogue entry as a `services` row. */
export function catalogueRow(seed: ServiceSeed) {
  return {
    service_type: seed.service_type,
    category: serviceCategory(seed.service_type),
    name_en: seed.name.en,
    name_sq: seed.name.sq,
    name_sr: seed.name.sr,
    description_en: seed.description.en,
    description_sq: seed.description.sq,
    description_sr: seed.description.sr,
    requirements_en: seed.requirements.en,
    requirements_sq: seed.requirements.sq,
    requirements_sr: seed.requirements.sr,
    fee: lowestPrice(seed.price_table),
    fee_enabled: seed.fee_enabled,
    base_fee_amount: seed.base_fee_amount,
    fee_exemption_allowed: seed.fee_exemption_allowed,
    processing_time_days: seed.processing_time_days,
    council_required: seed.council_required,
    appeal_period_days: seed.appeal?.days ?? null,
    appeal_body_en: seed.appeal?.body.en ?? '',
    appeal_body_sq: seed.appeal?.body.sq ?? '',
    appeal_body_sr: seed.appeal?.body.sr ?? '',
    degree_options: serviceDegreeOptions(seed.service_type),
    price_table: JSON.stringify(seed.price_table),
    selectable_documents: JSON.stringify(seed.selectable_documents.map((label) => ({ label_en: label.en, label_sq: label.sq, label_sr: label.sr }))),
    workflow_stages: JSON.stringify(workflowStagesOf(seed.service_type)),
  };
}

/**
 * Creates the catalogue services that are missing (by type) with their document requirements, and
 * gives the Albanian and Serbian texts to catalogue services that migration 0007 left as English
 * copies (only where the English text is still the catalogue's: an admin's own text is kept).
 * Runs inside the seed's transaction (the table lock needs one). Returns how many services it created.
 */
export async function seedServiceCatalogue(db: AppDatabase): Promise<number> {
  await completeCatalogueTranslations(db);
  const missingTypes = async () => {
    const present = new Set((await db.selectFrom('services').select('service_type').execute()).map((s) => s.service_type));
    return SERVICE_CATALOGUE.filter((service) => !present.has(service.service_type));
  };
  // A seeded database (every start but the first) takes no lock at all.
  if ((await missingTypes()).length === 0) return 0;
  // Several services may share a type now, so no unique key stops two servers seeding at once:
  // the lock makes the second wait and then see the first one's services.
  await sql`lock table services in exclusive mode`.execute(db);
  const missing = await missingTypes();
  if (missing.length === 0) return 0;
  const created = await db.insertInto('services').values(missing.map(catalogueRow)).returning(['id', 'service_type']).execute();
  const requirements = created.flatMap(({ id, service_type }) =>
    (SERVICE_CATALOGUE.find((service) => service.service_type === service_type)?.document_requirements ?? []).map((requirement) => ({
      service_id: id,
      document_type: requirement.document_type,
      required: requirement.required,
      description_en: requirement.description.en,
      description_sq: requirement.description.sq,
      description_sr: requirement.description.sr,
    })),
  );
  if (requirements.length > 0) await db.insertInto('service_document_requirements').values(requirements).execute();
  return created.length;
}

async function completeCatalogueTranslations(db: AppDatabase): Promise<void> {
  // One cheap look first: after migration 0007 and until this ran, some texts are still copies.
  const copies = await sql<{ found: boolean }>`select exists (
      select 1 from services where name_sq = name_en and name_sr = name_en
      union all select 1 from service_document_requirements where description_en <> '' and description_sq = description_en
    ) as found`.execute(db);
  if (!copies.rows[0]?.found) return;
  for (const seed of SERVICE_CATALOGUE) {
    for (const field of ['name', 'description', 'requirements'] as const) {
      const [en, sq, sr] = [`${field}_en`, `${field}_sq`, `${field}_sr`] as const;
      await db
        .updateTable('services')
        .set({ [sq]: seed[field].sq, [sr]: seed[field].sr })
        .where('service_type', '=', seed.service_type)
        .where(en, '=', seed[field].en)
        .where((eb) => eb.and([eb(sq, '=', eb.ref(en)), eb(sr, '=', eb.ref(en))]))
        .execute();
    }
    for (const requirement of seed.document_requirements) {
      await db
        .updateTable('service_document_requirements')
        .set({ description_sq: requirement.description.sq, description_sr: requirement.description.sr })
        .where('document_type', '=', requirement.document_type)
        .where('description_en', '=', requirement.description.en)
        .where((eb) => eb.and([eb('description_sq', '=', eb.ref('description_en')), eb('description_sr', '=', eb.ref('description_en'))]))
        .where('service_id', 'in', (eb) => eb.selectFrom('services').select('id').where('service_type', '=', seed.service_type))
        .execute();
    }
  }
}
