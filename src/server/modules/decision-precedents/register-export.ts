import type { Readable } from 'node:stream';
import { REGISTER_EXPORT_CAP, REGISTER_EXPORT_COLUMNS, type RegisterEntry } from '../../../shared/api/decision-precedents';
import type { RecognitionOutcome, DecisionState } from '../../../shared/api/recognition-decisions';
import type { Language } from '../../../shared/constants';
import type { User } from '../../../shared/api/auth';
import { applicantFieldsFor, type ApplicationScope } from '../../application-scope';
import type { AppDatabase } from '../../db/database';
import { conflict } from '../../errors';
import { recordAudit } from '../../shared/audit';
import { spreadsheetFile, type Cell, type SpreadsheetFormat } from '../../spreadsheet-export';
import { matchingDecisions, registerEntryOf, registerSelection, type RegisterFilter } from './register-queries';

// The register as a CSV or XLSX file (spreadsheet-export.ts), in the reader's language, batch
// after batch in id order; the applicant's name only where the register shows it to the reader.
// Capped and audited like the other exports: a file of decisions leaves the system.

type Column = (typeof REGISTER_EXPORT_COLUMNS)[number];

interface RegisterTexts {
  sheet: string;
  columns: Record<Column, string>;
  outcomes: Record<RecognitionOutcome, string>;
  states: Record<DecisionState, string>;
  services: Record<1 | 2, string>;
}

const TEXTS: Record<Language, RegisterTexts> = {
  en: {
    sheet: 'Decisions',
    columns: {
      reference: 'Reference', service: 'Service', applicant: 'Applicant', outcome: 'Outcome', state: 'State', institution: 'Institution', programme: 'Programme',
      degree_level: 'Degree level', country: 'Country', council: 'Council', prepared_by: 'Prepared by', approved_by: 'Approved by', decided_at: 'Decided',
    },
    outcomes: { full: 'Full recognition', partial: 'Partial recognition', alternative: 'Alternative recognition', conditional: 'Recognition with conditions', non_recognition: 'Non-recognition' },
    states: { prepared: 'Prepared', approved: 'Approved', superseded: 'Superseded' },
    services: { 1: 'Recognition of higher education', 2: 'Recognition of pre-university education' },
  },
  sq: {
    sheet: 'Vendimet',
    columns: {
      reference: 'Referenca', service: 'Shërbimi', applicant: 'Aplikuesi', outcome: 'Rezultati', state: 'Gjendja', institution: 'Institucioni', programme: 'Programi',
      degree_level: 'Niveli i gradës', country: 'Shteti', council: 'Këshilli', prepared_by: 'Përgatiti', approved_by: 'Miratoi', decided_at: 'Vendosur',
    },
    outcomes: { full: 'Njohje e plotë', partial: 'Njohje e pjesshme', alternative: 'Njohje alternative', conditional: 'Njohje me kushte', non_recognition: 'Mosnjohje' },
    states: { prepared: 'Përgatitur', approved: 'Miratuar', superseded: 'Zëvendësuar' },
    services: { 1: 'Njohja e arsimit të lartë', 2: 'Njohja e arsimit parauniversitar' },
  },
  sr: {
    sheet: 'Rešenja',
    columns: {
      reference: 'Broj predmeta', service: 'Usluga', applicant: 'Podnosilac', outcome: 'Ishod', state: 'Stanje', institution: 'Ustanova', programme: 'Program',
      degree_level: 'Nivo diplome', country: 'Država', council: 'Veće', prepared_by: 'Pripremio', approved_by: 'Odobrio', decided_at: 'Rešeno',
    },
    outcomes: { full: 'Potpuno priznavanje', partial: 'Delimično priznavanje', alternative: 'Alternativno priznavanje', conditional: 'Priznavanje sa uslovima', non_recognition: 'Nepriznavanje' },
    states: { prepared: 'Pripremljeno', approved: 'Odobreno', superseded: 'Zamenjeno' },
    services: { 1: 'Priznavanje visokog obrazovanja', 2: 'Priznavanje preduniverzitetskog obrazovanja' },
  },
};

const WIDTHS: Record<Column, number> = {
  reference: 20, service: 30, applicant: 28, outcome: 26, state: 14, institution: 36, programme: 32, degree_level: 16, country: 8, council: 30, prepared_by: 24, approved_by: 24, decided_at: 20,
};

const BATCH = 500;

async function* exportedEntries(db: AppDatabase, user: User, scope: ApplicationScope, filter: RegisterFilter): AsyncGenerator<RegisterEntry[]> {
  let after = 0;
  for (;;) {
    const rows = await registerSelection(db, filter, scope, applicantFieldsFor(user)).where('recognition_decisions.id', '>', after).orderBy('recognition_decisions.id').limit(BATCH).execute();
    if (rows.length === 0) return;
    yield rows.map(registerEntryOf);
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

function cells(entry: RegisterEntry, texts: RegisterTexts, language: Language): Cell[] {
  const council = entry.council ? entry.council[`name_${language}`] || entry.council.name_en : null;
  const values: Record<Column, Cell> = {
    reference: entry.reference,
    service: texts.services[entry.service_type as 1 | 2] ?? String(entry.service_type),
    applicant: entry.applicant_name ?? null,
    outcome: texts.outcomes[entry.outcome],
    state: texts.states[entry.state],
    institution: entry.institution_name,
    programme: entry.programme,
    degree_level: entry.degree_level,
    country: entry.country,
    council,
    prepared_by: entry.prepared_by,
    approved_by: entry.approved_by,
    decided_at: new Date(entry.decided_at),
  };
  return REGISTER_EXPORT_COLUMNS.map((column) => values[column]);
}

/** Checks the cap (409 above it) and audits the export, then answers the file, written while it is sent. */
export async function registerFile(
  db: AppDatabase,
  request: { user: User; scope: ApplicationScope; filter: RegisterFilter; format: SpreadsheetFormat; language: Language; ip: string | null },
): Promise<Readable> {
  const { user, scope, filter, format, language } = request;
  const { count } = await matchingDecisions(db, filter).select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow();
  if (Number(count) > REGISTER_EXPORT_CAP) throw conflict('decision_register_export_too_large', {}, { count: Number(count), cap: REGISTER_EXPORT_CAP });
  await recordAudit(db, { actorId: user.id, action: 'decision_register.export', entityType: 'recognition_decision', entityId: null, details: { format, count: Number(count), filter }, ip: request.ip });
  const texts = TEXTS[language];
  async function* rows() {
    for await (const batch of exportedEntries(db, user, scope, filter)) yield batch.map((entry) => cells(entry, texts, language));
  }
  return spreadsheetFile(format, {
    sheet: texts.sheet,
    columns: REGISTER_EXPORT_COLUMNS.map((column) => ({ header: texts.columns[column], width: WIDTHS[column], ...(column === 'decided_at' ? { kind: 'date' as const } : {}) })),
    rows: rows(),
  });
}
