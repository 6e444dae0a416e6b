import enApplications from '../../../../locales/en/applications.json';
import sqApplications from '../../../../locales/sq/applications.json';
import srApplications from '../../../../locales/sr/applications.json';
import enDecisions from '../../../../locales/en/decisions.json';
import sqDecisions from '../../../../locales/sq/decisions.json';
import srDecisions from '../../../../locales/sr/decisions.json';
import enServer from '../../../../locales/en/server.json';
import sqServer from '../../../../locales/sq/server.json';
import srServer from '../../../../locales/sr/server.json';
import type { Language } from '../../../shared/constants';
import type { RecognitionDecision } from '../../../shared/api/recognition-decisions';
import type { ServerConfig } from '../../config';
import type { AppDatabase } from '../../db/database';
import { sealIssuedPdf } from '../../document-seal/seal-issued';
import { issueFile, type IssuedFile } from '../../issued-files';
import { noticeDate } from '../../notices/notice-values';
import type { DocumentStorage } from '../../storage/document-storage';
import { issuingSettings } from '../../system-settings';
import type { DecisionPdfContent, renderDecisionPdf } from './decision-pdf';
import { readDecision } from './decision-queries';

// The recognition-decisions module's side of issuing (issued-files.ts): an approved decision's PDF
// is rendered in the transaction that approves it (approve / reject, grant / deny), in the
// applicant's language, stored, and recorded on the decision's row once (migration 0031's trigger
// refuses a second). The words are the screens' (decisions.json, applications.json) and the PDF's
// own (server.json `decisions.pdf`), so the paper says what the decision view says.

const WORDS = {
  en: { decisions: enDecisions, levels: enApplications.degreeLevel, pdf: enServer.decisions.pdf },
  sq: { decisions: sqDecisions, levels: sqApplications.degreeLevel, pdf: sqServer.decisions.pdf },
  sr: { decisions: srDecisions, levels: srApplications.degreeLevel, pdf: srServer.decisions.pdf },
} as const;

const fill = (text: string, values: Readonly<Record<string, string | number>>) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => String(values[name] ?? whole));
const inLanguage = <F extends string>(record: Readonly<Record<`${F}_${Language}`, string>>, field: F, language: Language) => record[`${field}_${language}`] || record[`${field}_${'en' as Language}`];

/** What the PDF says besides the decision: whose application, which service, what was issued with it. */
export interface DecisionPdfContext {
  reference: string;
  applicantName: string;
  serviceName: string;
  issued: { kind: 'recognition_statement' | 'recognition_certificate'; code: string } | null;
}

/** The decision's words and values in `language`. */
export function decisionPdfContent(decision: RecognitionDecision, context: DecisionPdfContext, language: Language): DecisionPdfContent {
  const { decisions: d, levels, pdf } = WORDS[language];
  const date = (value: string) => noticeDate(language, value);
  const level = (code: string | null) => (code ? ((levels as Record<string, string>)[code] ?? code) : '—');
  const number = (value: number | null) => (value === null ? '—' : String(value));
  // "3", "3.5" (en) or "3,5" (sq, sr): written by hand, as notice-values.ts writes numbers, so no ICU data is needed.
  const years = (value: string | null) => {
    if (value === null) return '—';
    const written = String(Number(value)).replace('.', language === 'en' ? '.' : ',');
    return fill(Number(value) === 1 ? d.comparison.years_one : d.comparison.years_other, { value: written });
  };
  const { foreign, national } = decision;
  const decidedAt = decision.approved_at ?? decision.prepared_at;
  const appeal = decision.appeal;
  return {
    title: pdf.title,
    facts: [
      { label: pdf.reference, value: context.reference },
      { label: pdf.applicant, value: context.applicantName },
      { label: pdf.service, value: context.serviceName },
      { label: pdf.decisionDate, value: date(decidedAt) },
    ],
    comparison: {
      title: pdf.comparison,
      header: [d.comparison.element, d.comparison.foreign, d.comparison.nationalColumn],
      rows: [
        [d.comparison.name, [foreign.programme, foreign.institution_name].filter(Boolean).join(' — ') || '—', inLanguage(national, 'name', language)],
        [d.comparison.level, level(foreign.degree_level), level(national.degree_level)],
        [d.comparison.eqf, number(foreign.eqf_level), number(national.eqf_level)],
        [d.comparison.nqf, number(foreign.nqf_level), number(national.nqf_level)],
        [d.comparison.duration, foreign.duration ?? '—', years(national.duration_years)],
        [d.comparison.ects, number(foreign.ects), number(national.ects_credits)],
        [d.comparison.profile, d.profile[foreign.profile], d.profile[national.profile]],
        [d.comparison.accreditation, d.accreditation[foreign.accreditation], d.comparison.national],
      ],
    },
    sections: [
      {
        title: pdf.outcome,
        paragraphs: [
          { lead: d.outcome[decision.outcome], text: '' },
          ...(decision.outcome_detail && decision.outcome !== 'full' && decision.outcome !== 'non_recognition'
            ? [{ lead: `${d.detailLabel[decision.outcome]}:`, text: decision.outcome_detail }]
            : []),
        ],
      },
      {
        title: pdf.differences,
        paragraphs: decision.differences.length === 0 ? [{ text: pdf.noDifferences }] : decision.differences.map((difference) => ({ lead: d.element[difference.element], text: difference.explanation })),
      },
      { title: pdf.legalBasis, paragraphs: decision.legal_bases.map((basis) => ({ lead: basis.article, text: inLanguage(basis, 'text', language) })) },
      {
        title: pdf.appealTitle,
        paragraphs: [
          {
            text: fill(appeal.period_days === 1 ? pdf.appealOneDay : pdf.appeal, {
              body: inLanguage(appeal, 'body', language),
              days: appeal.period_days,
              date: date(appeal.last_day),
            }),
          },
        ],
      },
    ],
    closing: [
      ...(context.issued ? [fill(pdf.issued, { document: pdf.documents[context.issued.kind], code: context.issued.code })] : []),
      ...(decision.prepared_by ? [fill(pdf.prepared, { name: decision.prepared_by.full_name, date: date(decision.prepared_at) })] : []),
      ...(decision.approved_by && decision.approved_at ? [fill(pdf.approved, { name: decision.approved_by.full_name, date: date(decision.approved_at) })] : []),
    ],
    footer: fill(pdf.page, { reference: context.reference }),
    createdAt: new Date(decidedAt),
  };
}

async function decisionPdfContext(db: AppDatabase, applicationId: number, language: Language): Promise<DecisionPdfContext> {
  const application = await db
    .selectFrom('applications')
    .innerJoin('services', 'services.id', 'applications.service_id')
    .select(['applications.reference', 'applications.applicant_name', 'services.name_en', 'services.name_sq', 'services.name_sr'])
    .where('applications.id', '=', applicationId)
    .executeTakeFirstOrThrow();
  const issued = await db
    .selectFrom('issued_documents')
    .select(['kind', 'verification_code'])
    .where('application_id', '=', applicationId)
    .where('kind', 'in', ['recognition_statement', 'recognition_certificate'])
    .where('revoked_at', 'is', null)
    .orderBy('issued_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return {
    reference: application.reference,
    applicantName: application.applicant_name,
    serviceName: inLanguage(application, 'name', language),
    issued: issued && issued.kind !== 'verification_document' ? { kind: issued.kind, code: issued.verification_code } : null,
  };
}

/** The language the applicant asked to be written to in; English when the application has no applicant record. */
async function applicantLanguage(db: AppDatabase, applicationId: number): Promise<Language> {
  const row = await db
    .selectFrom('applications')
    .innerJoin('applicants', 'applicants.id', 'applications.applicant_id')
    .select('applicants.preferred_language')
    .where('applications.id', '=', applicationId)
    .executeTakeFirst();
  return row?.preferred_language ?? 'en';
}

// pdf-lib and the fonts load with the first PDF, not while the server starts.
async function renderPdf(...input: Parameters<typeof renderDecisionPdf>): Promise<Buffer> {
  const { renderDecisionPdf: render } = await import('./decision-pdf');
  return render(...input);
}

export async function issueDecisionPdfFile(trx: AppDatabase, deps: { storage: DocumentStorage; config: ServerConfig }, decisionId: number, written: string[]): Promise<IssuedFile> {
  return issueFile(
    deps.storage,
    written,
    async () => {
      const decision = await readDecision(trx, decisionId);
      if (!decision?.approved_at) throw new Error(`Decision ${decisionId} is not approved: it has no PDF to issue.`);
      const language = await applicantLanguage(trx, decision.application_id);
      const { letterhead } = await issuingSettings(trx, deps.config);
      const content = decisionPdfContent(decision, await decisionPdfContext(trx, decision.application_id, language), language);
      const { bytes } = await sealIssuedPdf(trx, deps.config, await renderPdf(content, letterhead), { organisationName: letterhead.organisationName });
      return { bytes, extra: language };
    },
    async (file, language) => {
      const updated = await trx
        .updateTable('recognition_decisions')
        .set({ pdf_storage_key: file.key, pdf_sha256: file.sha256, pdf_size: file.size, pdf_language: language, pdf_rendered_at: file.renderedAt })
        .where('id', '=', decisionId)
        .where('pdf_storage_key', 'is', null)
        .executeTakeFirst();
      if (updated.numUpdatedRows !== 1n) throw new Error(`Decision ${decisionId} already has its PDF.`);
    },
  );
}
