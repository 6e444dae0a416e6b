import type { Gender, ServiceType } from '../../shared/constants';
import type { DocumentType } from '../../shared/document-types';
import {
  CLOSED_STATUSES,
  type AcademicFieldCategory,
  type ApplicationStatus,
  type DegreeLevel,
  type DocumentKind,
  type DocumentStatus,
  type InstitutionType,
  type InstructionLanguage,
  type Priority,
  type StudyMode,
} from '../../shared/domain/application-status';
import { allowedMoves, type ActionName, type AllowedMove, type ServicePolicy } from '../../shared/domain/application-workflow';

// Realistic applications for the demo database and the benchmark: people of the region and its
// diaspora, institutions that look like the real caseload, and histories that are valid paths
// through the transition table. Deterministic: the same seed gives the same caseload.

export interface GeneratedApplicant {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  personal_id: string;
  date_of_birth: string;
  gender: Gender;
  country: string;
  city: string;
  address: string;
}

export interface GeneratedEducation {
  institution_name: string;
  institution_country: string;
  institution_email: string | null;
  institution_website: string | null;
  institution_type: InstitutionType;
  program_name: string;
  degree_level: DegreeLevel;
  duration: string;
  graduation_date: string;
  ects_credits: number | null;
  purpose_details: string | null;
  original_title: string;
  language_of_instruction: InstructionLanguage;
  study_mode: StudyMode;
  study_start: string;
  study_end: string;
  grading_scale: string;
  final_grade: string;
}

export interface GeneratedDocument {
  file_name: string;
  document_type: DocumentType;
  kind: DocumentKind;
  size: number;
  status: DocumentStatus;
  uploaded_at: Date;
}

export interface GeneratedHistoryEntry {
  action: ActionName | 'submit';
  from_status: ApplicationStatus | null;
  to_status: ApplicationStatus;
  created_at: Date;
  notes: string | null;
}

export interface GeneratedApplication {
  reference: string;
  service_type: ServiceType;
  status: ApplicationStatus;
  /** The status left when put on hold (status `pending`). */
  previous_status: ApplicationStatus | null;
  priority: Priority;
  submitted_at: Date;
  deadline: string | null;
  closed_at: Date | null;
  archived: boolean;
  invalidated: boolean;
  academic_field_category: AcademicFieldCategory | null;
  /** Whether the history passed through a council (service 1): the caller picks the council. */
  needs_council: boolean;
  /** Whether an officer works on it: the caller picks which one. */
  assigned: boolean;
  applicant: GeneratedApplicant;
  education: GeneratedEducation;
  documents: GeneratedDocument[];
  history: GeneratedHistoryEntry[];
}

export interface GeneratorOptions {
  seed: number;
  /** "Now" for the caseload: submissions fall in the 14 months before it. */
  now: Date;
  /** Service configuration as seeded (fees enabled, exemptions allowed). */
  policies: Readonly<Record<ServiceType, ServicePolicy>>;
  /** First number of the references (NARIC-<year>-<number>). */
  firstNumber?: number;
}

/** mulberry32: small, fast, good enough for test data. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
    weighted: <T>(items: readonly (readonly [T, number])[]): T => {
      const total = items.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [item, weight] of items) {
        r -= weight;
        if (r < 0) return item;
      }
      return items[items.length - 1][0];
    },
  };
}
export type Random = ReturnType<typeof createRandom>;

interface NamePool {
  male: readonly string[];
  female: readonly string[];
  last: readonly string[];
}

const ALBANIAN: NamePool = {
  male: ['Arbër', 'Besnik', 'Dardan', 'Driton', 'Egzon', 'Fisnik', 'Gëzim', 'Ilir', 'Kushtrim', 'Labinot', 'Leutrim', 'Valon', 'Përparim', 'Shpëtim', 'Agon', 'Blerim', 'Ardit', 'Endrit', 'Rinor', 'Çlirim'],
  female: ['Albulena', 'Arta', 'Blerina', 'Donjeta', 'Drita', 'Elira', 'Fjolla', 'Gentiana', 'Hana', 'Kaltrina', 'Lirije', 'Mimoza', 'Njomza', 'Rina', 'Vlora', 'Zana', 'Besa', 'Ëndrra', 'Qëndresa', 'Erza'],
  last: ['Krasniqi', 'Berisha', 'Gashi', 'Morina', 'Shala', 'Hoxha', 'Kelmendi', 'Bytyçi', 'Rexhepi', 'Ahmeti', 'Thaçi', 'Mustafa', 'Hasani', 'Dervishi', 'Zeqiri', 'Kastrati', 'Salihu', 'Sopi', 'Llugaliu', 'Dreshaj', 'Lleshi', 'Çeku', 'Mehmeti', 'Rama', 'Hyseni'],
};
const SERBIAN: NamePool = {
  male: ['Marko', 'Nikola', 'Stefan', 'Miloš', 'Dušan', 'Nemanja', 'Đorđe', 'Aleksandar', 'Vuk', 'Lazar', 'Bojan', 'Žarko'],
  female: ['Jelena', 'Milica', 'Ana', 'Jovana', 'Marija', 'Teodora', 'Snežana', 'Dragana', 'Ivana', 'Katarina', 'Tijana', 'Nataša'],
  last: ['Jovanović', 'Petrović', 'Nikolić', 'Marković', 'Đorđević', 'Stojanović', 'Ilić', 'Stanković', 'Pavlović', 'Milošević', 'Živković', 'Todorović', 'Šarić', 'Ćirić'],
};
const BOSNIAK: NamePool = {
  male: ['Adnan', 'Emir', 'Haris', 'Kenan', 'Mirza', 'Tarik', 'Amar', 'Edin'],
  female: ['Amra', 'Lejla', 'Merima', 'Selma', 'Ajla', 'Emina', 'Dženana', 'Aida'],
  last: ['Hodžić', 'Begović', 'Delić', 'Hadžić', 'Kovačević', 'Mehmedović', 'Salihović', 'Alić'],
};
const MACEDONIAN: NamePool = {
  male: ['Aleksandar', 'Goran', 'Dimitar', 'Kiril', 'Filip', 'Bojan'],
  female: ['Elena', 'Marija', 'Ivana', 'Biljana', 'Simona', 'Kristina'],
  last: ['Stojanovski', 'Petrovski', 'Nikolovski', 'Trajkovski', 'Dimitrovski', 'Ristovska'],
};
const TURKISH: NamePool = {
  male: ['Emre', 'Mehmet', 'Burak', 'Kaan'],
  female: ['Elif', 'Zeynep', 'Ayşe', 'Selin'],
  last: ['Yılmaz', 'Demir', 'Şahin', 'Çelik', 'Doğan'],
};

/** Where applicants live: Kosovo mostly, then Albania, the region and the EU diaspora. */
const RESIDENCES: readonly (readonly [{ country: string; cities: readonly string[]; names: NamePool; phone: string }, number])[] = [
  [{ country: 'XK', cities: ['Prishtinë', 'Prizren', 'Pejë', 'Gjakovë', 'Ferizaj', 'Gjilan', 'Mitrovicë', 'Podujevë', 'Vushtrri'], names: ALBANIAN, phone: '+383 44' }, 52],
  [{ country: 'XK', cities: ['Gračanica', 'Štrpce', 'Severna Mitrovica', 'Zvečan'], names: SERBIAN, phone: '+383 45' }, 6],
  [{ country: 'XK', cities: ['Prizren', 'Mamuşa'], names: TURKISH, phone: '+383 49' }, 2],
  [{ country: 'AL', cities: ['Tiranë', 'Durrës', 'Shkodër', 'Elbasan', 'Vlorë', 'Korçë'], names: ALBANIAN, phone: '+355 69' }, 9],
  [{ country: 'MK', cities: ['Tetovë', 'Shkup', 'Gostivar', 'Kumanovë'], names: ALBANIAN, phone: '+389 70' }, 5],
  [{ country: 'MK', cities: ['Skopje', 'Bitola', 'Ohrid'], names: MACEDONIAN, phone: '+389 71' }, 2],
  [{ country: 'RS', cities: ['Beograd', 'Novi Sad', 'Niš', 'Preševo', 'Bujanovac'], names: SERBIAN, phone: '+381 64' }, 4],
  [{ country: 'ME', cities: ['Ulcinj', 'Podgorica', 'Tuzi'], names: ALBANIAN, phone: '+382 67' }, 2],
  [{ country: 'BA', cities: ['Sarajevo', 'Tuzla', 'Zenica'], names: BOSNIAK, phone: '+387 61' }, 2],
  [{ country: 'DE', cities: ['München', 'Stuttgart', 'Frankfurt am Main', 'Düsseldorf'], names: ALBANIAN, phone: '+49 151' }, 7],
  [{ country: 'CH', cities: ['Zürich', 'Basel', 'St. Gallen', 'Genève'], names: ALBANIAN, phone: '+41 79' }, 5],
  [{ country: 'AT', cities: ['Wien', 'Graz', 'Linz'], names: ALBANIAN, phone: '+43 660' }, 2],
  [{ country: 'SE', cities: ['Stockholm', 'Malmö'], names: ALBANIAN, phone: '+46 70' }, 1],
  [{ country: 'IT', cities: ['Milano', 'Torino'], names: ALBANIAN, phone: '+39 320' }, 1],
];

interface Institution {
  name: string;
  country: string;
  type: InstitutionType;
  domain: string;
}

const FOREIGN_UNIVERSITIES: readonly (readonly [Institution, number])[] = [
  [{ name: 'University of Tirana', country: 'AL', type: 'public', domain: 'unitir.edu.al' }, 9],
  [{ name: 'Polytechnic University of Tirana', country: 'AL', type: 'public', domain: 'upt.al' }, 4],
  [{ name: 'University of Medicine, Tirana', country: 'AL', type: 'public', domain: 'umed.edu.al' }, 3],
  [{ name: 'Epoka University', country: 'AL', type: 'private', domain: 'epoka.edu.al' }, 2],
  [{ name: 'University of Belgrade', country: 'RS', type: 'public', domain: 'bg.ac.rs' }, 3],
  [{ name: 'University of Novi Sad', country: 'RS', type: 'public', domain: 'uns.ac.rs' }, 2],
  [{ name: 'Ss. Cyril and Methodius University in Skopje', country: 'MK', type: 'public', domain: 'ukim.edu.mk' }, 3],
  [{ name: 'South East European University', country: 'MK', type: 'private', domain: 'seeu.edu.mk' }, 3],
  [{ name: 'University of Tetova', country: 'MK', type: 'public', domain: 'unite.edu.mk' }, 3],
  [{ name: 'University of Zagreb', country: 'HR', type: 'public', domain: 'unizg.hr' }, 2],
  [{ name: 'University of Ljubljana', country: 'SI', type: 'public', domain: 'uni-lj.si' }, 2],
  [{ name: 'University of Sarajevo', country: 'BA', type: 'public', domain: 'unsa.ba' }, 1],
  [{ name: 'University of Montenegro', country: 'ME', type: 'public', domain: 'ucg.ac.me' }, 1],
  [{ name: 'University of Vienna', country: 'AT', type: 'public', domain: 'univie.ac.at' }, 3],
  [{ name: 'Ludwig Maximilian University of Munich', country: 'DE', type: 'public', domain: 'lmu.de' }, 3],
  [{ name: 'Humboldt University of Berlin', country: 'DE', type: 'public', domain: 'hu-berlin.de' }, 2],
  [{ name: 'University of Zurich', country: 'CH', type: 'public', domain: 'uzh.ch' }, 3],
  [{ name: 'ETH Zurich', country: 'CH', type: 'public', domain: 'ethz.ch' }, 1],
  [{ name: 'Sapienza University of Rome', country: 'IT', type: 'public', domain: 'uniroma1.it' }, 2],
  [{ name: 'University of Bologna', country: 'IT', type: 'public', domain: 'unibo.it' }, 1],
  [{ name: 'Sorbonne University', country: 'FR', type: 'public', domain: 'sorbonne-universite.fr' }, 1],
  [{ name: 'Istanbul University', country: 'TR', type: 'public', domain: 'istanbul.edu.tr' }, 2],
  [{ name: 'Charles University', country: 'CZ', type: 'public', domain: 'cuni.cz' }, 1],
  [{ name: 'University of Sheffield', country: 'GB', type: 'public', domain: 'sheffield.ac.uk' }, 1],
  [{ name: 'KU Leuven', country: 'BE', type: 'public', domain: 'kuleuven.be' }, 1],
];

const KOSOVO_UNIVERSITIES: readonly (readonly [Institution, number])[] = [
  [{ name: 'University of Prishtina "Hasan Prishtina"', country: 'XK', type: 'public', domain: 'uni-pr.edu' }, 14],
  [{ name: 'University of Prizren "Ukshin Hoti"', country: 'XK', type: 'public', domain: 'uni-prizren.com' }, 3],
  [{ name: 'University of Peja "Haxhi Zeka"', country: 'XK', type: 'public', domain: 'unhz.eu' }, 3],
  [{ name: 'University of Gjakova "Fehmi Agani"', country: 'XK', type: 'public', domain: 'uni-gjk.org' }, 2],
  [{ name: 'University of Mitrovica "Isa Boletini"', country: 'XK', type: 'public', domain: 'umib.net' }, 2],
  [{ name: 'University "Kadri Zeka" Gjilan', country: 'XK', type: 'public', domain: 'uni-gjilan.net' }, 2],
  [{ name: 'University of Pristina in Kosovska Mitrovica', country: 'XK', type: 'public', domain: 'pr.ac.rs' }, 2],
  [{ name: 'UBT College', country: 'XK', type: 'private', domain: 'ubt-uni.net' }, 3],
  [{ name: 'AAB College', country: 'XK', type: 'private', domain: 'aab-edu.net' }, 3],
  [{ name: 'Riinvest College', country: 'XK', type: 'private', domain: 'riinvest.net' }, 1],
];

const FOREIGN_SCHOOLS: readonly (readonly [Institution, number])[] = [
  [{ name: 'Gjimnazi "Sami Frashëri", Tiranë', country: 'AL', type: 'public', domain: 'samifrasheri.edu.al' }, 3],
  [{ name: 'Gjimnazi "Asim Vokshi", Tiranë', country: 'AL', type: 'public', domain: 'asimvokshi.edu.al' }, 2],
  [{ name: 'SUGS Gymnasium "Nikola Karev", Skopje', country: 'MK', type: 'public', domain: 'nikolakarev.edu.mk' }, 1],
  [{ name: 'Gjimnazi "Kiril Pejčinoviq", Tetovë', country: 'MK', type: 'public', domain: 'kpejcinovik.edu.mk' }, 2],
  [{ name: 'Kantonsschule Zürich Nord', country: 'CH', type: 'public', domain: 'kzn.ch' }, 2],
  [{ name: 'Gymnasium am Markt, Stuttgart', country: 'DE', type: 'public', domain: 'gymnasium-stuttgart.de' }, 2],
  [{ name: 'Gymnasium Wien-Floridsdorf', country: 'AT', type: 'public', domain: 'grg21.ac.at' }, 1],
  [{ name: 'Liceo Scientifico "Galileo Galilei", Milano', country: 'IT', type: 'public', domain: 'liceogalilei.edu.it' }, 1],
  [{ name: 'Gimnazija "Jovan Jovanović Zmaj", Novi Sad', country: 'RS', type: 'public', domain: 'zmajevagimnazija.edu.rs' }, 1],
  [{ name: 'Malmö Borgarskola', country: 'SE', type: 'public', domain: 'malmo.se' }, 1],
];

const KOSOVO_SCHOOLS: readonly (readonly [Institution, number])[] = [
  [{ name: 'Gjimnazi "Sami Frashëri", Prishtinë', country: 'XK', type: 'public', domain: 'samifrasheri-pr.net' }, 3],
  [{ name: 'Gjimnazi "Xhevdet Doda", Prishtinë', country: 'XK', type: 'public', domain: 'xhevdetdoda.net' }, 2],
  [{ name: 'Gjimnazi "Gjon Buzuku", Prizren', country: 'XK', type: 'public', domain: 'gjonbuzuku.net' }, 2],
  [{ name: 'Gjimnazi "Bedri Pejani", Pejë', country: 'XK', type: 'public', domain: 'bedripejani.net' }, 2],
  [{ name: 'Gjimnazi "Hajdar Dushi", Gjakovë', country: 'XK', type: 'public', domain: 'hajdardushi.net' }, 1],
  [{ name: 'Gjimnazi "Frang Bardhi", Mitrovicë', country: 'XK', type: 'public', domain: 'frangbardhi.net' }, 1],
  [{ name: 'Shkolla e Mesme e Mjekësisë "Dr. Ali Sokoli", Prishtinë', country: 'XK', type: 'public', domain: 'alisokoli.net' }, 1],
  [{ name: 'Gimnazija "Ivo Andrić", Gračanica', country: 'XK', type: 'public', domain: 'gimnazija-gracanica.edu.rs' }, 1],
];

const PROGRAMMES: Readonly<Record<AcademicFieldCategory, readonly string[]>> = {
  natural_sciences: ['Mathematics', 'Physics', 'Chemistry', 'Biology', 'Computer Science'],
  engineering_technology: ['Civil Engineering', 'Electrical Engineering', 'Mechanical Engineering', 'Architecture', 'Software Engineering'],
  medical_health: ['General Medicine', 'Dentistry', 'Pharmacy', 'Nursing', 'Physiotherapy'],
  agricultural_sciences: ['Agronomy', 'Veterinary Medicine', 'Food Technology'],
  social_sciences: ['Psychology', 'Sociology', 'Political Science', 'Journalism'],
  humanities_arts: ['Albanian Language and Literature', 'English Language and Literature', 'History', 'Fine Arts', 'Music'],
  education: ['Primary Education', 'Preschool Education', 'Pedagogy'],
  law: ['Law', 'International Law', 'Criminal Law'],
  economics_business: ['Economics', 'Business Administration', 'Banking and Finance', 'Management and Informatics'],
};
const FIELD_WEIGHTS: readonly (readonly [AcademicFieldCategory, number])[] = [
  ['economics_business', 18],
  ['medical_health', 16],
  ['engineering_technology', 15],
  ['law', 10],
  ['social_sciences', 10],
  ['natural_sciences', 9],
  ['humanities_arts', 8],
  ['education', 9],
  ['agricultural_sciences', 5],
];

const SERVICE_WEIGHTS: readonly (readonly [ServiceType, number])[] = [
  [1, 38],
  [3, 27],
  [2, 14],
  [4, 13],
  [5, 8],
];

/** What an application of each service comes with: every document its service requires, and some it may ask for. */
export const DOCUMENTS_BY_SERVICE: Readonly<Record<ServiceType, readonly DocumentType[]>> = {
  1: ['original_diploma', 'diploma_translation', 'original_transcript', 'transcript_translation', 'id_document', 'previous_education', 'thesis_abstract'],
  2: ['original_diploma', 'diploma_translation', 'original_transcript', 'transcript_translation', 'id_document'],
  3: ['verification_request', 'original_diploma', 'original_transcript', 'id_document'],
  4: ['verification_request', 'original_diploma', 'original_transcript', 'id_document'],
  5: ['verification_request', 'id_document'],
};

const DAY_MS = 86_400_000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

function asciiFold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replaceAll('đ', 'dj')
    .replaceAll('Đ', 'Dj')
    .replaceAll('ı', 'i')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.');
}

function generateApplicant(random: Random, index: number): GeneratedApplicant {
  const residence = random.weighted(RESIDENCES);
  const gender: Gender = random.chance(0.52) ? 'female' : 'male';
  const first_name = random.pick(gender === 'female' ? residence.names.female : residence.names.male);
  const last_name = random.pick(residence.names.last);
  const born = new Date(Date.UTC(random.int(1960, 2007), random.int(0, 11), random.int(1, 28)));
  const personal_id = residence.country === 'XK' ? String(1_000_000_000 + ((index * 7_919 + random.int(0, 7_000)) % 999_999_999)) : `${residence.country}${random.int(10_000_000, 99_999_999)}`;
  return {
    first_name,
    last_name,
    email: `${asciiFold(first_name)}.${asciiFold(last_name)}${index % 997}@mail.example`,
    phone: `${residence.phone} ${random.int(100, 999)} ${random.int(100, 999)}`,
    personal_id,
    date_of_birth: isoDate(born),
    gender,
    country: residence.country,
    city: random.pick(residence.cities),
    address: `${random.pick(['Rr. ', 'Ul. ', 'Str. '])}${random.pick(['Agim Ramadani', 'Nëna Terezë', 'Bill Clinton', 'Kralja Petra', 'Skënderbeu', 'Luan Haradinaj', 'Hauptstraße'])} ${random.int(1, 140)}`,
  };
}

function pickInstitution(random: Random, service: ServiceType): Institution {
  if (service === 1) return random.weighted(FOREIGN_UNIVERSITIES);
  if (service === 2) return random.weighted(FOREIGN_SCHOOLS);
  if (service === 3) return random.weighted(KOSOVO_UNIVERSITIES);
  if (service === 4) return random.chance(0.6) ? random.weighted(KOSOVO_SCHOOLS) : random.weighted(KOSOVO_UNIVERSITIES);
  return random.weighted(KOSOVO_UNIVERSITIES);
}

function generateEducation(random: Random, service: ServiceType, field: AcademicFieldCategory, submitted: Date): Omit<GeneratedEducation, keyof QualificationDetails> {
  const institution = pickInstitution(random, service);
  const school = service === 2 || (service === 4 && institution.name.includes('imnaz'));
  const degree: DegreeLevel = school
    ? 'high_school'
    : service === 5
      ? random.pick(['bachelor', 'master', 'other'] as const)
      : random.weighted([
          ['bachelor', 48],
          ['master', 34],
          ['phd', 5],
          ['doctorate', 3],
          ['professional', 6],
          ['diploma', 4],
        ] as const);
  const years = { high_school: 4, bachelor: random.pick([3, 4]), master: random.pick([1, 2]), phd: 3, doctorate: 4, professional: 3, diploma: 2, certificate: 1, other: 2 }[degree];
  const graduation = new Date(submitted.getTime() - random.int(30, 3_650) * DAY_MS);
  return {
    institution_name: institution.name,
    institution_country: institution.country,
    institution_email: random.chance(0.7) ? `registrar@${institution.domain}` : null,
    institution_website: `https://www.${institution.domain}`,
    institution_type: institution.type,
    program_name: school ? random.pick(['General (natural sciences)', 'General (social sciences)', 'Gymnasium', 'Medical vocational']) : random.pick(PROGRAMMES[field]),
    degree_level: degree,
    duration: `${years} ${years === 1 ? 'year' : 'years'}`,
    graduation_date: isoDate(graduation),
    ects_credits: school ? null : years * 60,
    purpose_details: random.pick([null, 'Employment in the public sector', 'Continuation of studies', 'Licensing by the professional chamber', 'Employment abroad', 'Admission to a master programme']),
  };
}

/**
 * How each country's diplomas name themselves and grade: the original title by level (in the
 * language of instruction), the school-leaving certificate's, and the grading scale with a final
 * grade on it, as an evaluator copies them from the diploma.
 */
interface NationalDiplomas {
  language: InstructionLanguage;
  titles: Partial<Record<DegreeLevel, string>> & { bachelor: string };
  school: string;
  scale: string;
  grade: (random: Random) => string;
  schoolScale?: string;
  schoolGrade?: (random: Random) => string;
}

const decimal = (random: Random, low: number, high: number, separator = '.') => (low + random.int(0, Math.round((high - low) * 100)) / 100).toFixed(2).replace('.', separator);
const TEN_POINT = (pass: number) => (random: Random) => decimal(random, pass + 0.5, 9.9);
const LETTERS = (random: Random) => random.pick(['A', 'B', 'B', 'C', 'C', 'D']);

const KOSOVO_DIPLOMAS: NationalDiplomas = {
  language: 'sq',
  titles: { bachelor: 'Diplomë Bachelor', master: 'Diplomë Master', phd: 'Diplomë e Doktoraturës', doctorate: 'Diplomë e Doktoraturës', professional: 'Diplomë e Studimeve Profesionale', diploma: 'Diplomë e Studimeve Profesionale' },
  school: 'Diplomë e Maturës Shtetërore',
  scale: '5–10, pass 6',
  grade: TEN_POINT(6),
  schoolScale: '1–5, pass 2',
  schoolGrade: (random) => decimal(random, 2.6, 5),
};

const DIPLOMAS_BY_COUNTRY: Readonly<Record<string, NationalDiplomas>> = {
  XK: KOSOVO_DIPLOMAS,
  AL: {
    language: 'sq',
    titles: { bachelor: 'Diplomë e Nivelit të Parë', master: 'Diplomë e Nivelit të Dytë (Master i Shkencave)', phd: 'Diplomë e Doktoratës', doctorate: 'Diplomë e Doktoratës', professional: 'Diplomë e Studimeve Profesionale', diploma: 'Diplomë e Studimeve Profesionale' },
    school: 'Dëftesë Pjekurie',
    scale: '4–10, pass 5',
    grade: TEN_POINT(5),
  },
  RS: {
    language: 'sr',
    titles: { bachelor: 'Diploma osnovnih akademskih studija', master: 'Diploma master akademskih studija', phd: 'Diploma doktora nauka', doctorate: 'Diploma doktora nauka', professional: 'Diploma osnovnih strukovnih studija', diploma: 'Diploma osnovnih strukovnih studija' },
    school: 'Diploma o stečenom srednjem obrazovanju',
    scale: '5–10, pass 6',
    grade: TEN_POINT(6),
    schoolScale: '1–5, pass 2',
    schoolGrade: (random) => decimal(random, 2.6, 5),
  },
  MK: {
    language: 'mk',
    titles: { bachelor: 'Диплома за завршени додипломски студии', master: 'Диплома за завршени постдипломски студии', phd: 'Диплома за доктор на науки', doctorate: 'Диплома за доктор на науки', professional: 'Диплома за стручни студии', diploma: 'Диплома за стручни студии' },
    school: 'Диплома за завршено средно образование',
    scale: '5–10, pass 6',
    grade: TEN_POINT(6),
    schoolScale: '1–5, pass 2',
    schoolGrade: (random) => decimal(random, 2.6, 5),
  },
  ME: {
    language: 'sr',
    titles: { bachelor: 'Diploma osnovnih studija', master: 'Diploma master studija', phd: 'Diploma doktora nauka', doctorate: 'Diploma doktora nauka' },
    school: 'Diploma o završenoj gimnaziji',
    scale: 'A–F (ECTS), pass E',
    grade: LETTERS,
  },
  BA: {
    language: 'bs',
    titles: { bachelor: 'Diploma o završenom prvom ciklusu studija', master: 'Diploma o završenom drugom ciklusu studija', phd: 'Diploma o završenom trećem ciklusu studija', doctorate: 'Diploma doktora nauka' },
    school: 'Svjedočanstvo o završenoj srednjoj školi',
    scale: '5–10, pass 6',
    grade: TEN_POINT(6),
  },
  HR: {
    language: 'hr',
    titles: { bachelor: 'Diploma o završenom sveučilišnom prijediplomskom studiju', master: 'Diploma o završenom sveučilišnom diplomskom studiju', phd: 'Diploma doktora znanosti', doctorate: 'Diploma doktora znanosti' },
    school: 'Svjedodžba o državnoj maturi',
    scale: '1–5, pass 2',
    grade: (random) => decimal(random, 2.5, 5),
  },
  SI: {
    language: 'sl',
    titles: { bachelor: 'Diploma prve stopnje', master: 'Diploma druge stopnje (magister)', phd: 'Diploma doktorja znanosti', doctorate: 'Diploma doktorja znanosti' },
    school: 'Maturitetno spričevalo',
    scale: '1–10, pass 6',
    grade: TEN_POINT(6),
  },
  AT: {
    language: 'de',
    titles: { bachelor: 'Bachelor of Science (BSc)', master: 'Master of Science (MSc)', phd: 'Doktor der Philosophie (Dr. phil.)', doctorate: 'Doktor der Naturwissenschaften (Dr. rer. nat.)' },
    school: 'Reifeprüfungszeugnis',
    scale: '1–5 (1 best), pass 4',
    grade: (random) => decimal(random, 1, 3.2, ','),
  },
  DE: {
    language: 'de',
    titles: { bachelor: 'Bachelor of Science', master: 'Master of Science', phd: 'Doktor der Naturwissenschaften (Dr. rer. nat.)', doctorate: 'Doktor der Philosophie (Dr. phil.)' },
    school: 'Zeugnis der Allgemeinen Hochschulreife',
    scale: '1,0–5,0 (1,0 best), pass 4,0',
    grade: (random) => decimal(random, 1, 3.3, ',').slice(0, 3),
  },
  CH: {
    language: 'de',
    titles: { bachelor: 'Bachelor of Science', master: 'Master of Science', phd: 'Doktor der Wissenschaften (Dr. sc.)', doctorate: 'Doktor der Philosophie (Dr. phil.)' },
    school: 'Maturitätszeugnis',
    scale: '1–6 (6 best), pass 4',
    grade: (random) => decimal(random, 4.25, 6),
  },
  IT: {
    language: 'it',
    titles: { bachelor: 'Diploma di Laurea', master: 'Diploma di Laurea Magistrale', phd: 'Diploma di Dottorato di Ricerca', doctorate: 'Diploma di Dottorato di Ricerca' },
    school: "Diploma di Esame di Stato conclusivo del secondo ciclo d'istruzione",
    scale: '66–110 (110 e lode best), pass 66',
    grade: (random) => `${random.int(88, 110)}/110`,
    schoolScale: '0–100, pass 60',
    schoolGrade: (random) => `${random.int(62, 100)}/100`,
  },
  FR: {
    language: 'fr',
    titles: { bachelor: 'Diplôme national de Licence', master: 'Diplôme national de Master', phd: 'Diplôme national de Doctorat', doctorate: 'Diplôme national de Doctorat' },
    school: 'Diplôme du Baccalauréat général',
    scale: '0–20, pass 10',
    grade: (random) => decimal(random, 10.5, 17.5, ','),
  },
  TR: {
    language: 'tr',
    titles: { bachelor: 'Lisans Diploması', master: 'Yüksek Lisans Diploması', phd: 'Doktora Diploması', doctorate: 'Doktora Diploması' },
    school: 'Lise Diploması',
    scale: '0.00–4.00, pass 2.00',
    grade: (random) => decimal(random, 2.2, 3.95),
  },
  CZ: {
    language: 'cs',
    titles: { bachelor: 'Vysokoškolský diplom (Bc.)', master: 'Vysokoškolský diplom (Mgr.)', phd: 'Diplom o absolvování doktorského studia (Ph.D.)', doctorate: 'Diplom o absolvování doktorského studia (Ph.D.)' },
    school: 'Vysvědčení o maturitní zkoušce',
    scale: 'A–F (ECTS), pass E',
    grade: LETTERS,
  },
  GB: {
    language: 'en',
    titles: { bachelor: 'Bachelor of Science with Honours', master: 'Master of Science', phd: 'Doctor of Philosophy', doctorate: 'Doctor of Philosophy' },
    school: 'General Certificate of Education, Advanced Level',
    scale: 'Honours classes: First, Upper Second (2:1), Lower Second (2:2), Third',
    grade: (random) => random.pick(['First Class', 'Upper Second Class (2:1)', 'Upper Second Class (2:1)', 'Lower Second Class (2:2)']),
  },
  BE: {
    language: 'nl',
    titles: { bachelor: 'Diploma van Bachelor', master: 'Diploma van Master', phd: 'Diploma van Doctor', doctorate: 'Diploma van Doctor' },
    school: 'Diploma van secundair onderwijs',
    scale: '0–20, pass 10',
    grade: (random) => `${random.int(11, 18)}/20`,
  },
  SE: {
    language: 'sv',
    titles: { bachelor: 'Kandidatexamen', master: 'Masterexamen', phd: 'Doktorsexamen', doctorate: 'Doktorsexamen' },
    school: 'Gymnasieexamen',
    scale: 'A–F, pass E',
    grade: LETTERS,
  },
};

// Universities outside their country's majority language.
const INSTRUCTION_LANGUAGE_BY_INSTITUTION: Readonly<Record<string, InstructionLanguage>> = {
  'South East European University': 'sq',
  'University of Tetova': 'sq',
  'Gjimnazi "Kiril Pejčinoviq", Tetovë': 'sq',
  'University of Pristina in Kosovska Mitrovica': 'sr',
  'Gimnazija "Ivo Andrić", Gračanica': 'sr',
  'Epoka University': 'en',
};

// Diplomas of institutions teaching in a language other than their country's: titled in it.
const DIPLOMAS_BY_COUNTRY_AND_LANGUAGE: Readonly<Record<string, NationalDiplomas>> = {
  'MK:sq': {
    ...DIPLOMAS_BY_COUNTRY.MK!,
    language: 'sq',
    titles: { bachelor: 'Diplomë për studimet e ciklit të parë', master: 'Diplomë për studimet e ciklit të dytë', phd: 'Diplomë për studimet e doktoratës', doctorate: 'Diplomë për studimet e doktoratës' },
    school: 'Diplomë për arsimin e mesëm të kryer',
  },
  'XK:sr': { ...DIPLOMAS_BY_COUNTRY.RS!, language: 'sr' },
};

const isoDay = (year: number, month: number, day: number) => isoDate(new Date(Date.UTC(year, month - 1, day)));

/**
 * What evaluators compare beyond the institution and level: drawn from its own random stream
 * (seeded by the application's index), so adding them left every other generated value as it was.
 */
function qualificationDetails(random: Random, education: Omit<GeneratedEducation, keyof QualificationDetails>): QualificationDetails {
  const taughtIn = INSTRUCTION_LANGUAGE_BY_INSTITUTION[education.institution_name];
  const national =
    DIPLOMAS_BY_COUNTRY_AND_LANGUAGE[`${education.institution_country}:${taughtIn}`] ?? DIPLOMAS_BY_COUNTRY[education.institution_country] ?? KOSOVO_DIPLOMAS;
  const school = education.degree_level === 'high_school';
  const years = Number.parseInt(education.duration, 10) || 3;
  const study_mode: StudyMode = school ? 'full_time' : random.weighted([['full_time', 86], ['part_time', 10], ['distance', 4]] as const);
  // Studies end at the summer exams before the diploma's date; part-time takes a year longer.
  const graduated = new Date(`${education.graduation_date}T00:00:00Z`);
  const endYear = graduated.getUTCMonth() >= 6 ? graduated.getUTCFullYear() : graduated.getUTCFullYear() - 1;
  const study_end = isoDay(endYear, random.int(6, 7), random.int(1, 30));
  const study_start = isoDay(endYear - years - (study_mode === 'part_time' ? 1 : 0), random.int(9, 10), random.int(1, 15));
  return {
    original_title: school ? national.school : (national.titles[education.degree_level] ?? national.titles.bachelor),
    language_of_instruction: taughtIn ?? national.language,
    study_mode,
    study_start,
    study_end: study_end <= education.graduation_date ? study_end : education.graduation_date,
    grading_scale: school ? (national.schoolScale ?? national.scale) : national.scale,
    final_grade: (school ? (national.schoolGrade ?? national.grade) : national.grade)(random),
  };
}

type QualificationDetails = Pick<GeneratedEducation, 'original_title' | 'language_of_instruction' | 'study_mode' | 'study_start' | 'study_end' | 'grading_scale' | 'final_grade'>;

/** How far into the workflow an application gets, by service: closed ones are the majority of a year's caseload. */
const STOP_PROBABILITY = 0.16;

const BACKWARD_ACTIONS: readonly ActionName[] = ['put_on_hold', 'resume', 'send_back', 'reject_exemption'];

function walkWorkflow(random: Random, service: ServiceType, policy: ServicePolicy, submitted: Date, now: Date) {
  const history: GeneratedHistoryEntry[] = [{ action: 'submit', from_status: null, to_status: 'submitted', created_at: submitted, notes: null }];
  let status: ApplicationStatus = 'submitted';
  let previous: ApplicationStatus | null = null;
  let at = submitted.getTime();
  for (let step = 0; step < 14; step++) {
    if (CLOSED_STATUSES.includes(status) || (step > 0 && random.chance(STOP_PROBABILITY))) break;
    const moves: AllowedMove[] = allowedMoves({ service_type: service, status, archived: false, invalidated: false }, policy).filter((m) => m.to !== null);
    if (moves.length === 0) break;
    const move: AllowedMove = random.weighted(moves.map((m) => [m, BACKWARD_ACTIONS.includes(m.action) ? 0.15 : m.to === 'suspicious' || m.to === 'rejected' ? 0.5 : 2] as const));
    const next = at + random.int(6, 240) * 3_600_000;
    if (next > now.getTime()) break;
    at = next;
    const to: ApplicationStatus = move.to === 'previous_status' ? (previous ?? 'submitted') : (move.to as ApplicationStatus);
    previous = move.action === 'put_on_hold' ? status : move.action === 'resume' ? null : previous;
    history.push({ action: move.action, from_status: status, to_status: to, created_at: new Date(at), notes: move.notes === 'required' ? random.pick(['Checked against the issuing institution’s register.', 'The applicant was informed by e-mail.', 'Documents do not match the register.', 'Decided in the council meeting.']) : null });
    status = to;
  }
  return { history, status, previous, lastAt: new Date(at) };
}

export function generateApplication(random: Random, index: number, options: GeneratorOptions): GeneratedApplication {
  const service = random.weighted(SERVICE_WEIGHTS);
  const field = random.weighted(FIELD_WEIGHTS);
  const submitted = new Date(options.now.getTime() - random.int(1, 425) * DAY_MS - random.int(0, 86_399) * 1_000);
  const applicant = generateApplicant(random, index);
  const basics = generateEducation(random, service, field, submitted);
  const education: GeneratedEducation = { ...basics, ...qualificationDetails(createRandom((options.seed ^ 0x5eed) + index * 7_919), basics) };
  const walk = walkWorkflow(random, service, options.policies[service], submitted, options.now);
  const closed = CLOSED_STATUSES.includes(walk.status);
  const documentTypes = DOCUMENTS_BY_SERVICE[service].filter((type, i) => i < 2 || random.chance(0.85));
  const documents = documentTypes.map((document_type): GeneratedDocument => {
    const kind: DocumentKind = document_type.endsWith('translation') ? 'translation' : random.chance(0.2) ? 'copy' : 'original';
    return {
      file_name: `${document_type.replaceAll('_', '-')}-${asciiFold(applicant.last_name)}.pdf`,
      document_type,
      kind,
      size: random.int(80_000, 6_000_000),
      status: closed || walk.history.length > 3 ? (random.chance(0.93) ? 'verified' : 'rejected') : 'pending',
      uploaded_at: new Date(submitted.getTime() + random.int(0, 3_600) * 1_000),
    };
  });
  const deadlineDays = { 1: 60, 2: 30, 3: 30, 4: 20, 5: 15 }[service];
  const year = submitted.getUTCFullYear();
  return {
    reference: `NARIC-${year}-${String((options.firstNumber ?? 1) + index).padStart(6, '0')}`,
    service_type: service,
    status: walk.status,
    previous_status: walk.status === 'pending' ? walk.previous : null,
    priority: random.weighted([
      ['normal', 70],
      ['high', 17],
      ['low', 9],
      ['urgent', 4],
    ] as const),
    submitted_at: submitted,
    deadline: isoDate(new Date(submitted.getTime() + deadlineDays * DAY_MS)),
    closed_at: closed ? walk.lastAt : null,
    archived: closed && random.chance(0.25),
    invalidated: walk.status === 'approved' && random.chance(0.02),
    academic_field_category: service === 1 || service === 3 ? field : null,
    needs_council: walk.history.some((h) => h.to_status === 'council_assigned'),
    assigned: walk.status !== 'submitted' && random.chance(0.85),
    applicant,
    education,
    documents,
    history: walk.history,
  };
}

/** `count` applications from `seed`; lazily, so a million never sit in memory at once. */
export function* generateApplications(count: number, options: GeneratorOptions): Generator<GeneratedApplication> {
  const random = createRandom(options.seed);
  for (let index = 0; index < count; index++) yield generateApplication(random, index, options);
}

