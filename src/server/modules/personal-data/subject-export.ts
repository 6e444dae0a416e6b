import JSZip from 'jszip';
import { PDFDocument, rgb } from 'pdf-lib';
import { sql } from 'kysely';
import type { AppDatabase } from '../../db/database';
import { embedOfficeFonts, wrap } from '../../pdf-letterhead';
import { fileNameSegment } from '../../downloads';
import type { DocumentStorage } from '../../storage/document-storage';

// A subject access export: everything held about one person as one ZIP. `records.json` holds
// every row (the person, their applications with education, documents' metadata, history,
// payments, issued documents' metadata, erasure requests, and the audit entries that name one of
// these); `summary.pdf` says the same in a readable form; `documents/` holds the stored files.
// Issued documents' bytes are not included: the person received them, and they are verifiable.

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;

async function summaryPdf(title: string, sections: readonly { heading: string; lines: readonly string[] }[], at: Date): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setCreationDate(at);
  const fonts = await embedOfficeFonts(pdf);
  let page = pdf.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const line = (text: string, size: number, bold = false) => {
    for (const part of wrap(text, bold ? fonts.bold : fonts.regular, size, A4.width - 2 * MARGIN)) {
      if (y < MARGIN) {
        page = pdf.addPage([A4.width, A4.height]);
        y = A4.height - MARGIN;
      }
      page.drawText(part, { x: MARGIN, y, size, font: bold ? fonts.bold : fonts.regular, color: rgb(0.1, 0.12, 0.16) });
      y -= size * 1.5;
    }
  };
  line(title, 16, true);
  y -= 6;
  for (const section of sections) {
    y -= 8;
    line(section.heading, 12, true);
    for (const text of section.lines) line(text, 9.5);
  }
  return Buffer.from(await pdf.save());
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
const plain = <T extends object>(rows: readonly T[]) => rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, iso(value)])));

export async function subjectExport(db: AppDatabase, storage: DocumentStorage, applicantId: number, at: Date): Promise<{ zip: Buffer; fileName: string; counts: Record<string, number> }> {
  const person = await db
    .selectFrom('applicants')
    .select(['id', 'first_name', 'last_name', 'email', 'phone', 'personal_id', 'date_of_birth', 'gender', 'country', 'city', 'address', 'preferred_language', 'created_at', 'legal_hold_reason', 'anonymised_at'])
    .where('id', '=', applicantId)
    .executeTakeFirstOrThrow();
  const applications = await db
    .selectFrom('applications')
    .select(['id', 'reference', 'service_type', 'status', 'applicant_name', 'personal_id', 'institution_name', 'institution_country', 'submitted_at', 'decided_at', 'closed_at', 'decision_outcome', 'legal_hold_reason', 'anonymised_at'])
    .where('applicant_id', '=', applicantId)
    .orderBy('id')
    .execute();
  const ids = applications.map((application) => application.id);
  const some = ids.length > 0 ? ids : [-1];
  const [education, documents, history, payments, issued, requests, audit] = await Promise.all([
    db.selectFrom('education_info').selectAll().where('application_id', 'in', some).execute(),
    db.selectFrom('application_documents').select(['id', 'application_id', 'file_name', 'document_type', 'kind', 'media_type', 'size', 'sha256', 'status', 'uploaded_at', 'storage_key']).where('application_id', 'in', some).orderBy('id').execute(),
    db.selectFrom('application_history').select(['id', 'application_id', 'action', 'from_status', 'to_status', 'notes', 'created_at']).where('application_id', 'in', some).orderBy('id').execute(),
    db.selectFrom('application_payments').select(['id', 'application_id', 'status', 'amount_due', 'amount', 'currency', 'method', 'paid_at']).where('application_id', 'in', some).orderBy('id').execute(),
    db.selectFrom('issued_documents').select(['id', 'application_id', 'kind', 'reference', 'holder_name', 'issued_at', 'revoked_at', 'revoked_reason']).where('application_id', 'in', some).orderBy('id').execute(),
    db.selectFrom('erasure_requests').select(['id', 'received_on', 'outcome', 'legal_basis', 'answer', 'answer_sent_on', 'decided_at']).where('applicant_id', '=', applicantId).orderBy('id').execute(),
    db
      .selectFrom('audit_log')
      .select(['id', 'action', 'entity_type', 'entity_id', 'created_at', sql<unknown>`details`.as('details')])
      .where((eb) =>
        eb.or([
          eb.and([eb('entity_type', '=', 'application'), eb('entity_id', 'in', some.map(String))]),
          eb.and([eb('entity_type', '=', 'applicant'), eb('entity_id', '=', String(applicantId))]),
        ]),
      )
      .orderBy('id')
      .execute(),
  ]);
  const files: { name: string; content: Buffer }[] = [];
  for (const document of documents) {
    if (!document.storage_key) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of storage.read(document.storage_key)) chunks.push(Buffer.from(chunk as Uint8Array));
    files.push({ name: `documents/${document.id}-${fileNameSegment(document.file_name, 'document.pdf')}`, content: Buffer.concat(chunks) });
  }
  const records = {
    exported_at: at.toISOString(),
    person: plain([person])[0],
    applications: plain(applications),
    education: plain(education),
    documents: plain(documents.map(({ storage_key: _key, ...document }) => document)),
    history: plain(history),
    payments: plain(payments),
    issued_documents: plain(issued),
    erasure_requests: plain(requests),
    audit: plain(audit),
  };
  const name = `${person.first_name} ${person.last_name}`.trim();
  const summary = await summaryPdf(
    `Personal data held about ${name}`,
    [
      { heading: 'Person', lines: [`Name: ${name}`, `Personal ID: ${person.personal_id ?? '—'}`, `Date of birth: ${person.date_of_birth ?? '—'}`, `E-mail: ${person.email}`, `Phone: ${person.phone ?? '—'}`, `Address: ${[person.address, person.city, person.country].filter(Boolean).join(', ') || '—'}`] },
      { heading: `Applications (${applications.length})`, lines: applications.map((a) => `${a.reference}: service ${a.service_type}, ${a.status}, submitted ${a.submitted_at.toISOString().slice(0, 10)}${a.anonymised_at ? ', anonymised' : ''}`) },
      { heading: `Documents (${documents.length})`, lines: documents.map((d) => `${d.file_name} (${d.document_type}, ${d.size} bytes)${d.storage_key ? '' : ', file deleted'}`) },
      { heading: `History (${history.length})`, lines: history.map((h) => `${h.created_at.toISOString().slice(0, 16).replace('T', ' ')} ${h.action}${h.to_status ? ` → ${h.to_status}` : ''}`) },
      { heading: `Payments (${payments.length})`, lines: payments.map((p) => `${p.status}: ${p.amount ?? p.amount_due} ${p.currency}${p.paid_at ? `, paid ${p.paid_at.toISOString().slice(0, 10)}` : ''}`) },
      { heading: `Issued documents (${issued.length})`, lines: issued.map((i) => `${i.reference} (${i.kind}), issued ${i.issued_at.toISOString().slice(0, 10)}${i.revoked_at ? ', revoked' : ''}`) },
      { heading: `Erasure requests (${requests.length})`, lines: requests.map((r) => `received ${r.received_on}: ${r.outcome ?? 'not decided yet'}`) },
      { heading: `Audit entries (${audit.length})`, lines: ['Every entry is in records.json.'] },
    ],
    at,
  );
  const archive = new JSZip();
  for (const entry of [{ name: 'summary.pdf', content: summary }, { name: 'records.json', content: Buffer.from(JSON.stringify(records, null, 2)) }, ...files]) {
    archive.file(entry.name, entry.content, { date: at, binary: true });
  }
  // Stored, not deflated: the documents are PDFs and images, already compressed.
  const zip = await archive.generateAsync({ type: 'nodebuffer', compression: 'STORE', platform: 'UNIX' });
  return {
    zip,
    fileName: `personal-data-${applicantId}-${at.toISOString().slice(0, 10)}.zip`,
    counts: { applications: applications.length, documents: documents.length, files: files.length, history: history.length, audit: audit.length },
  };
}
