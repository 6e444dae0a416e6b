import type { AppDatabase } from '../../db/database';
import type { TemplateKind, TemplateLanguage, TemplateVersions } from '../../db/schema';
import type { Letterhead } from '../../pdf-letterhead';
import type { Placeholders, RenderInput, TemplateText } from './pdf-rendering';
import enDecisions from '../../../../locales/en/decisions.json';
import sqDecisions from '../../../../locales/sq/decisions.json';
import srDecisions from '../../../../locales/sr/decisions.json';
import { issuedDocumentValues, statedDecision } from './issued-document-queries';
import { activeTemplate } from './template-queries';

// From database rows to PDFs: issued documents carry one page per language (Albanian, Serbian,
// English), verdicts one page in the language the officer chose.

// pdf-lib, fontkit, qrcode and the fonts load with the first PDF, not while the server starts.
async function renderPdf(input: RenderInput): Promise<Buffer> {
  const { renderPdf: render } = await import('./pdf-rendering');
  return render(input);
}

export const ISSUED_LANGUAGES: readonly TemplateLanguage[] = ['sq', 'sr', 'en'];

const day = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString().slice(0, 10) : '—');

export function verificationUrl(base: string, code: string): string {
  return `${base}/${encodeURIComponent(code)}/`;
}

/** The issued document's PDF and the template version per language it was made from. */
export async function renderIssuedDocument(db: AppDatabase, id: number, verifyBase: string, letterhead: Letterhead): Promise<{ bytes: Buffer; versions: TemplateVersions }> {
  const row = await issuedDocumentValues(db, id);
  const url = verificationUrl(verifyBase, row.verification_code);
  const values: Placeholders = {
    holder_name: row.holder_name,
    reference: row.reference,
    institution: row.institution_name ?? '—',
    country: row.institution_country?.trim() ?? '—',
    programme: row.program_name ?? '—',
    graduation_date: day(row.graduation_date),
    decision_date: day(row.decided_at ?? row.issued_at),
    issued_date: day(row.issued_at),
    code: row.verification_code,
    verify_url: url,
  };
  const templates = await Promise.all(ISSUED_LANGUAGES.map((language) => activeTemplate(db, row.kind, language)));
  const decision = row.kind === 'recognition_statement' ? await statedDecision(db, row.application_id) : undefined;
  const pages = templates.map((template, index) => ({ template, values: { ...values, ...decisionValues(decision, ISSUED_LANGUAGES[index]!) } }));
  const versions = Object.fromEntries(ISSUED_LANGUAGES.map((language, index) => [language, templates[index]!.version])) as TemplateVersions;
  const bytes = await renderPdf({ pages, verification: { code: row.verification_code, url }, title: `${pages[0]!.template.title} ${row.reference}`, createdAt: row.issued_at, letterhead });
  return { bytes, versions };
}

const OUTCOME_NAMES = { en: enDecisions.outcome, sq: sqDecisions.outcome, sr: srDecisions.outcome } as const;

/** A statement's outcome ("Partial recognition: <the purposes>") and national qualification, in a page's language. */
function decisionValues(decision: Awaited<ReturnType<typeof statedDecision>>, language: TemplateLanguage): Placeholders {
  if (!decision) return {};
  const outcome = OUTCOME_NAMES[language][decision.outcome];
  return {
    outcome: decision.outcome_detail ? `${outcome}: ${decision.outcome_detail}` : outcome,
    recognised_as: decision[`national_name_${language}`] || decision.national_name_en,
  };
}

export async function renderVerdict(
  db: AppDatabase,
  input: { applicationId: number; text: string; language: TemplateLanguage; now: Date; letterhead: Letterhead },
): Promise<{ bytes: Buffer; version: number }> {
  const application = await db
    .selectFrom('applications')
    .leftJoin('education_info', 'education_info.application_id', 'applications.id')
    .select(['applications.reference', 'applications.applicant_name', 'education_info.institution_name', 'education_info.institution_country'])
    .where('applications.id', '=', input.applicationId)
    .executeTakeFirstOrThrow();
  const template = await activeTemplate(db, 'verdict', input.language);
  const values: Placeholders = {
    reference: application.reference,
    holder_name: application.applicant_name,
    institution: application.institution_name ?? '—',
    country: application.institution_country?.trim() ?? '—',
    verdict_text: input.text,
    issued_date: day(input.now),
  };
  const bytes = await renderPdf({ pages: [{ template, values }], title: `${template.title} ${application.reference}`, createdAt: input.now, letterhead: input.letterhead });
  return { bytes, version: template.version };
}

const SAMPLE: Placeholders = {
  holder_name: 'Arta Krasniqi',
  reference: 'NARIC-2026-000123',
  institution: 'Universiteti i Prishtinës “Hasan Prishtina”',
  country: 'XK',
  programme: 'Shkenca Kompjuterike / Računarske nauke',
  graduation_date: '2024-07-12',
  decision_date: '2026-11-02',
  issued_date: '2026-11-03',
  code: 'ABCD-EFGH-JKMN',
  verify_url: 'https://verify.naric.example/verify/ABCD-EFGH-JKMN/',
  verdict_text: 'Diploma është autentike. Diploma je autentična. The diploma is authentic.',
  outcome: 'Full recognition',
  recognised_as: 'Bachelor / Bachelor / Bachelor',
};

/** A template with sample data, for the templates screen's preview. */
export async function renderTemplatePreview(template: TemplateText & { kind: TemplateKind }, letterhead: Letterhead): Promise<Buffer> {
  const verification = template.kind === 'verdict' ? undefined : { code: SAMPLE.code!, url: SAMPLE.verify_url! };
  return renderPdf({ pages: [{ template, values: SAMPLE }], verification, title: template.title, createdAt: new Date('2026-01-01T00:00:00Z'), letterhead });
}
