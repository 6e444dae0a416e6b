// What the end-to-end tests' recognition decisions cite, added to every e2e database by
// scripts/e2e-seed.mjs (the demo's own library is the reference data's): legal reasons for
// services 1 and 2, and national qualifications of each level the e2e applications may have.

export const E2E_LEGAL_REASONS = [
  {
    article: 'E2E Law 04/L-037 Art. 29',
    text_en: 'A foreign qualification is recognised unless a substantial difference is shown.',
    text_sq: 'Një kualifikim i huaj njihet përveç nëse tregohet një dallim thelbësor.',
    text_sr: 'Strana kvalifikacija se priznaje osim ako se pokaže suštinska razlika.',
    services: [1, 2],
    outcomes: ['full', 'partial', 'alternative', 'conditional', 'non_recognition'],
  },
  {
    article: 'E2E Admin. Instruction 2/2021 Art. 12',
    text_en: 'Partial recognition for stated purposes where a substantial difference concerns only some of them.',
    text_sq: 'Njohje e pjesshme për qëllime të caktuara kur dallimi thelbësor prek vetëm disa prej tyre.',
    text_sr: 'Delimično priznavanje za navedene svrhe kada se suštinska razlika odnosi samo na neke od njih.',
    services: [1],
    outcomes: ['partial', 'alternative'],
  },
] as const;

const LEVELS: readonly [level: string, en: string, sq: string, sr: string, eqf: number, ects: number | null, years: string | null][] = [
  ['bachelor', 'Bachelor degree', 'Diplomë bachelor', 'Diploma osnovnih studija', 6, 180, '3.0'],
  ['master', 'Master degree', 'Diplomë master', 'Diploma master studija', 7, 120, '2.0'],
  ['phd', 'Doctoral degree', 'Diplomë doktorate', 'Diploma doktorskih studija', 8, 180, '3.0'],
  ['doctorate', 'Doctorate', 'Doktoratë', 'Doktorat', 8, 180, '3.0'],
  ['professional', 'Professional qualification', 'Kualifikim profesional', 'Stručna kvalifikacija', 5, 120, '2.0'],
  ['diploma', 'Higher education diploma', 'Diplomë e arsimit të lartë', 'Diploma visokog obrazovanja', 5, 120, '2.0'],
  ['certificate', 'Certificate', 'Certifikatë', 'Sertifikat', 4, null, '1.0'],
  ['high_school', 'Secondary school diploma (Matura)', 'Diplomë e shkollës së mesme (Matura)', 'Diploma srednje škole (matura)', 4, null, '4.0'],
  ['other', 'Other qualification', 'Kualifikim tjetër', 'Druga kvalifikacija', 5, null, null],
];

export const E2E_NATIONAL_QUALIFICATIONS = LEVELS.map(([degree_level, en, sq, sr, eqf, ects, years]) => ({
  name_en: `${en} (e2e)`,
  name_sq: `${sq} (e2e)`,
  name_sr: `${sr} (e2e)`,
  degree_level,
  eqf_level: eqf,
  nqf_level: eqf,
  ects_credits: ects,
  duration_years: years,
  profile: 'academic' as const,
}));
