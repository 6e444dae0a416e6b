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
  type Priority,
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

const DOCUMENTS_BY_SERVICE: Readonly<Record<ServiceType, readonly DocumentType[]>> = {
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

function generateEducation(random: Random, service: ServiceType, field: AcademicFieldCategory, submitted: Date): GeneratedEducation {
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
  const education = generateEducation(random, service, field, submitted);
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

