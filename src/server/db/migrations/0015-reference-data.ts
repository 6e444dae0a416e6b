import { sql, type Kysely } from 'kysely';

// Reference data. One statement per call (PGlite's extended protocol).
//
// - countries gain their flags (EU/EEA member, Bologna/EHEA member), whether the application forms
//   offer them, and a version for optimistic locking. The memberships are written out as of 2026.
// - institutions: the higher-education institutions the forms offer as a searchable choice, with
//   names in three languages and a folded search text (lower case, no accents, the same fold as the
//   payments search) so "prishtines" finds "Prishtinës" on any database locale. A merged duplicate
//   stays as a row (inactive, merged_into the survivor), so anything that named it still resolves.
// - reference_values: the code lists the application tables already fix with check constraints
//   (academic field categories, degree levels, document types) and service 5's request types (the
//   price tables' cases), keyed by the same codes, with names in three languages and an active flag
//   that governs what the forms offer. The check constraints stay as they are: the table names and
//   switches values, it never invents codes the application tables would refuse.
// - education_info gets an index on its lower-cased institution name: "is this institution in
//   use" is asked of a million applications.
// Value lists are written out (not taken from src/shared) so this migration never changes.

const FOLD_FROM = 'ÀÁÂÃÄÅàáâãäåÇçĆćČčĐđÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöŠšÙÚÛÜùúûüÝýÿŽž';
const FOLD_TO = 'aaaaaaaaaaaaccccccddeeeeeeeeiiiiiiiinnoooooooooossuuuuuuuuyyyzz';

// EU 27 and the EEA's Iceland, Liechtenstein and Norway.
const EU_EEA = sql.raw(`('AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV',
  'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'IS', 'LI', 'NO')`);
// EHEA members with their rights of representation (Russia's and Belarus's suspended in 2022).
const BOLOGNA = sql.raw(`('AL', 'AD', 'AM', 'AT', 'AZ', 'BE', 'BA', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'GE',
  'DE', 'GR', 'VA', 'HU', 'IS', 'IE', 'IT', 'KZ', 'LV', 'LI', 'LT', 'LU', 'MT', 'MD', 'ME', 'NL', 'MK', 'NO', 'PL', 'PT',
  'RO', 'RS', 'SK', 'SI', 'ES', 'SE', 'CH', 'TR', 'UA', 'GB', 'SM')`);

type Row = [code: string, en: string, sq: string, sr: string, eqf?: number | null, nqf?: number | null];

const ACADEMIC_FIELDS: Row[] = [
  ['natural_sciences', 'Natural sciences', 'Shkencat natyrore', 'Prirodne nauke'],
  ['engineering_technology', 'Engineering and technology', 'Inxhinieria dhe teknologjia', 'Tehnika i tehnologija'],
  ['medical_health', 'Medical and health sciences', 'Shkencat mjekësore dhe shëndetësore', 'Medicinske i zdravstvene nauke'],
  ['agricultural_sciences', 'Agricultural sciences', 'Shkencat bujqësore', 'Poljoprivredne nauke'],
  ['social_sciences', 'Social sciences', 'Shkencat shoqërore', 'Društvene nauke'],
  ['humanities_arts', 'Humanities and arts', 'Shkencat humane dhe artet', 'Humanističke nauke i umetnost'],
  ['education', 'Education', 'Edukimi', 'Obrazovanje'],
  ['law', 'Law', 'Drejtësia', 'Pravo'],
  ['economics_business', 'Economics and business', 'Ekonomia dhe biznesi', 'Ekonomija i poslovanje'],
];
// EQF levels by the European framework's descriptors; Kosovo's NQF has the same eight levels.
const DEGREE_LEVELS: Row[] = [
  ['high_school', 'High school', 'Shkollë e mesme', 'Srednja škola', 4, 4],
  ['professional', 'Professional', 'Profesional', 'Strukovne studije', 5, 5],
  ['diploma', 'Diploma', 'Diplomë', 'Diploma', 5, 5],
  ['bachelor', 'Bachelor', 'Bachelor', 'Osnovne studije', 6, 6],
  ['master', 'Master', 'Master', 'Master', 7, 7],
  ['phd', 'PhD', 'Doktor i shkencave (PhD)', 'Doktor nauka (PhD)', 8, 8],
  ['doctorate', 'Doctorate', 'Doktoratë', 'Doktorat', 8, 8],
  ['certificate', 'Certificate', 'Certifikatë', 'Sertifikat', null, null],
  ['other', 'Other', 'Tjetër', 'Drugo', null, null],
];
const DOCUMENT_TYPES: Row[] = [
  ['original_diploma', 'Original diploma', 'Diploma origjinale', 'Originalna diploma'],
  ['diploma_translation', 'Diploma translation', 'Përkthimi i diplomës', 'Prevod diplome'],
  ['original_transcript', 'Original transcript', 'Certifikata e notave origjinale', 'Originalni prepis ocena'],
  ['transcript_translation', 'Transcript translation', 'Përkthimi i certifikatës së notave', 'Prevod prepisa ocena'],
  ['id_document', 'Identity document', 'Dokument identifikimi', 'Lični dokument'],
  ['previous_education', 'Previous education', 'Arsimimi i mëparshëm', 'Prethodno obrazovanje'],
  ['curriculum', 'Curriculum', 'Plani mësimor', 'Nastavni plan'],
  ['thesis_abstract', 'Thesis abstract', 'Abstrakti i temës', 'Sažetak rada'],
  ['exemption_proof', 'Proof for fee exemption', 'Dëshmi për lirim nga pagesa', 'Dokaz za oslobađanje od plaćanja'],
  ['additional_document', 'Additional document', 'Dokument shtesë', 'Dodatni dokument'],
  ['verification_request', 'Verification request', 'Kërkesë për verifikim', 'Zahtev za verifikaciju'],
];
const REQUEST_TYPES: Row[] = [
  ['general_academic_information', 'General academic information', 'Informacion i përgjithshëm akademik', 'Opšte akademske informacije'],
  ['recognition_status_confirmation', 'Confirmation of recognition status', 'Konfirmim i statusit të njohjes', 'Potvrda o statusu priznavanja'],
  ['institution_accreditation_information', 'Information on an institution’s accreditation', 'Informacion për akreditimin e institucionit', 'Informacije o akreditaciji ustanove'],
];

function valueRows(list: string, rows: Row[]) {
  return rows.map(
    ([code, en, sq, sr, eqf = null, nqf = null], index) =>
      sql`insert into reference_values (list, code, name_en, name_sq, name_sr, sort_order, eqf_level, nqf_level)
        values (${list}, ${code}, ${en}, ${sq}, ${sr}, ${(index + 1) * 10}, ${eqf}, ${nqf})`,
  );
}

const UP = [
  sql`alter table countries
    add column eu_eea boolean not null default false,
    add column bologna_member boolean not null default false,
    add column active_for_applications boolean not null default true,
    add column version integer not null default 0`,
  sql`update countries set eu_eea = true where code in ${EU_EEA}`,
  sql`update countries set bologna_member = true where code in ${BOLOGNA}`,

  sql`create table institutions (
    id integer generated always as identity primary key,
    name_en text not null check (name_en <> ''),
    name_sq text not null check (name_sq <> ''),
    name_sr text not null check (name_sr <> ''),
    country char(2) not null references countries (code),
    type text not null check (type in ('public', 'private')),
    website text,
    email text,
    accreditation_status text not null default 'unknown'
      check (accreditation_status in ('accredited', 'not_accredited', 'expired', 'unknown')),
    diploma_register_url text,
    active boolean not null default true,
    merged_into integer references institutions (id),
    search_text text generated always as (translate(lower(name_en || ' ' || name_sq || ' ' || name_sr),
      ${sql.lit(FOLD_FROM)}, ${sql.lit(FOLD_TO)})) stored,
    version integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (merged_into is null or (merged_into <> id and not active))
  )`,
  sql`create index institutions_country_idx on institutions (country, name_en)`,
  sql`create index institutions_merged_into_idx on institutions (merged_into) where merged_into is not null`,
  sql`create index institutions_search_idx on institutions using gin (search_text gin_trgm_ops)`,
  sql`create index education_info_institution_name_idx on education_info (lower(institution_name))`,

  sql`create table reference_values (
    list text not null check (list in ('academic_field_categories', 'degree_levels', 'document_types', 'request_types')),
    code text not null,
    name_en text not null check (name_en <> ''),
    name_sq text not null check (name_sq <> ''),
    name_sr text not null check (name_sr <> ''),
    active boolean not null default true,
    sort_order integer not null default 0,
    eqf_level smallint check (eqf_level between 1 and 8),
    nqf_level smallint check (nqf_level between 1 and 8),
    version integer not null default 0,
    primary key (list, code),
    check (list = 'degree_levels' or (eqf_level is null and nqf_level is null))
  )`,
  ...valueRows('academic_field_categories', ACADEMIC_FIELDS),
  ...valueRows('degree_levels', DEGREE_LEVELS),
  ...valueRows('document_types', DOCUMENT_TYPES),
  ...valueRows('request_types', REQUEST_TYPES),
];

const DOWN = [
  sql`drop table reference_values`,
  sql`drop index education_info_institution_name_idx`,
  sql`drop table institutions`,
  sql`alter table countries
    drop column eu_eea,
    drop column bologna_member,
    drop column active_for_applications,
    drop column version`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
