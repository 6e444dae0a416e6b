import { rgb } from 'pdf-lib';
import en from '../../../../locales/en/server.json';
import sq from '../../../../locales/sq/server.json';
import sr from '../../../../locales/sr/server.json';
import type { ConfirmationRequest } from '../../../shared/api/confirmation-requests';
import type { Language } from '../../../shared/constants';
import { noticeDate, noticeMoment } from '../../notices/notice-values';
import { A4, INK, MARGIN, MUTED, createOfficePdf, drawLetterhead, wrap, type Letterhead } from '../../pdf-letterhead';

// The report to the inspectorate when the issuing institution does not stand behind a document:
// what was asked, of whom (the dossier's contact and its source), when, and what was answered,
// so the inspectorate can take the case up from the paper alone. In the reader's language.

const TEXTS = { en: en.confirmationReport, sq: sq.confirmationReport, sr: sr.confirmationReport } as const;
const LINE = rgb(0.82, 0.84, 0.87);

export interface ReportFacts {
  application: { reference: string; applicant_name: string | null };
  request: ConfirmationRequest;
}

export async function inspectorateReportPdf(facts: ReportFacts, language: Language, letterhead: Letterhead, now: Date): Promise<Buffer> {
  const texts = TEXTS[language];
  const { request } = facts;
  const { pdf, fonts, letterhead: embedded } = await createOfficePdf(`${texts.title} ${request.reference}`, now, letterhead);
  const page = pdf.addPage([A4.width, A4.height]);
  let y = drawLetterhead(page, fonts, embedded, texts.title);
  const width = A4.width - 2 * MARGIN;
  const paragraph = (text: string, size = 10.5) => {
    for (const line of wrap(text, fonts.regular, size, width)) {
      page.drawText(line, { x: MARGIN, y, size, font: fonts.regular, color: INK });
      y -= size + 4;
    }
    y -= 6;
  };
  paragraph(texts.intro);
  const rows: [string, string][] = [
    [texts.application, facts.application.reference],
    [texts.holder, facts.application.applicant_name ?? '—'],
    [texts.document, request.document_file_name],
    [texts.institution, `${request.institution[`name_${language}`]} (${request.institution.country})`],
    [texts.recipient, request.recipient_email],
    [texts.reference, request.reference],
    [texts.sentAt, noticeMoment(language, request.sent_at)],
    [texts.answer, (texts.answers as Record<string, string>)[request.answer ?? ''] ?? '—'],
    [texts.answeredOn, request.answered_on ? noticeDate(language, request.answered_on) : '—'],
  ];
  for (const [label, value] of rows) {
    page.drawLine({ start: { x: MARGIN, y: y + 12 }, end: { x: A4.width - MARGIN, y: y + 12 }, thickness: 0.5, color: LINE });
    page.drawText(label, { x: MARGIN, y, size: 9.5, font: fonts.bold, color: MUTED });
    const lines = wrap(value, fonts.regular, 10.5, width - 170);
    for (const line of lines) {
      page.drawText(line, { x: MARGIN + 170, y, size: 10.5, font: fonts.regular, color: INK });
      y -= 15;
    }
    y -= 4;
  }
  if (request.reply_text) {
    y -= 8;
    page.drawText(texts.replyText, { x: MARGIN, y, size: 11, font: fonts.bold, color: INK });
    y -= 18;
    // The pasted reply as far as the page holds it; the full reply is on the case file.
    for (const line of wrap(request.reply_text, fonts.regular, 9.5, width).slice(0, Math.max(0, Math.floor((y - MARGIN - 40) / 13)))) {
      page.drawText(line, { x: MARGIN, y, size: 9.5, font: fonts.regular, color: INK });
      y -= 13;
    }
  }
  page.drawText(texts.footer.replace('{{date}}', noticeDate(language, now)), { x: MARGIN, y: MARGIN, size: 8.5, font: fonts.regular, color: MUTED });
  return Buffer.from(await pdf.save());
}
