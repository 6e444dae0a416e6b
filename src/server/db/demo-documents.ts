import { createHash } from 'node:crypto';
import type { DocumentType } from '../../shared/document-types';
import type { DocumentStorage } from '../storage/document-storage';
import type { GeneratedApplication, GeneratedDocument } from './application-generator';
import { demoPdf } from './demo-pdf';

// The files behind the demo documents: a one-page PDF naming the document, its applicant and the
// application, written through the document storage (folder or S3) when the demo caseload is
// first seeded, never again. Document rows then carry the real size and SHA-256, so preview,
// open and save work like for an upload.

const DOCUMENT_TITLES: Readonly<Record<DocumentType, string>> = {
  original_diploma: 'Original diploma',
  diploma_translation: 'Diploma translation',
  original_transcript: 'Original transcript',
  transcript_translation: 'Transcript translation',
  id_document: 'Identity document',
  previous_education: 'Previous education',
  curriculum: 'Curriculum',
  thesis_abstract: 'Thesis abstract',
  exemption_proof: 'Fee exemption proof',
  additional_document: 'Additional document',
  verification_request: 'Verification request',
};

/** Parallel writes: enough to hide an S3 round trip, few enough for one small machine. */
const CONCURRENT_WRITES = 8;

export interface StoredDemoFile {
  storage_key: string;
  size: number;
  sha256: string;
  media_type: 'application/pdf';
}

export function demoDocumentPdf(application: GeneratedApplication, document: GeneratedDocument): Buffer {
  const { applicant, education } = application;
  return demoPdf({
    title: DOCUMENT_TITLES[document.document_type],
    lines: [
      ['Applicant', `${applicant.first_name} ${applicant.last_name}`],
      ['Application', application.reference],
      ['Institution', education.institution_name],
      ['Programme', education.program_name],
      ['Document', `${document.kind} · ${document.file_name}`],
    ],
    note: 'Demo data of the NARIC back-office: generated, not a real document.',
  });
}

/**
 * Writes one PDF per document of `applications` (in their order) and returns what each row
 * stores. Every key written is also pushed to `written`, so a seed that fails later can delete them.
 */
export async function storeDemoDocuments(
  storage: DocumentStorage,
  applications: readonly GeneratedApplication[],
  written: string[],
): Promise<StoredDemoFile[][]> {
  const jobs = applications.flatMap((application, a) => application.documents.map((document, d) => ({ application, document, a, d })));
  const results: StoredDemoFile[][] = applications.map(() => []);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      const content = demoDocumentPdf(job.application, job.document);
      const storage_key = await storage.put(content);
      written.push(storage_key);
      results[job.a]![job.d] = {
        storage_key,
        size: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
        media_type: 'application/pdf',
      };
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_WRITES, jobs.length) }, worker));
  return results;
}
