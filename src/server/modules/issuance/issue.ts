import type { ServerConfig } from '../../config';
import type { AppDatabase } from '../../db/database';
import type { TemplateLanguage } from '../../db/schema';
import { sealIssuedPdf } from '../../document-seal/seal-issued';
import { issueFile, type IssuedFile } from '../../issued-files';
import type { DocumentStorage } from '../../storage/document-storage';
import { issuingSettings } from '../../system-settings';
import { issueDocumentCredential } from './document-credential';
import { renderIssuedDocument, renderVerdict } from './rendering';

// The issuance module's side of issuing (issued-files.ts): certificates and verification documents
// are rendered from the active templates in the transaction that issues them, sealed, and issued
// with their verifiable credential beside them (document-credential.ts); verdicts when the
// officer renders their text. The row takes the bytes' record once; the database refuses a second.

export async function issueIssuedDocumentFile(trx: AppDatabase, deps: { storage: DocumentStorage; config: ServerConfig }, id: number, written: string[]): Promise<IssuedFile> {
  return issueFile(
    deps.storage,
    written,
    async () => {
      const { publicVerifyUrl, letterhead } = await issuingSettings(trx, deps.config);
      const rendered = await renderIssuedDocument(trx, id, publicVerifyUrl, letterhead);
      const { bytes, sealedBy } = await sealIssuedPdf(trx, deps.config, rendered.bytes, { organisationName: letterhead.organisationName });
      const credential = await issueDocumentCredential(trx, deps.config, id, { publicVerifyUrl, organisationName: letterhead.organisationName });
      return { bytes, extra: { versions: rendered.versions, sealedBy, credential } };
    },
    async (file, { versions, sealedBy, credential }) => {
      const updated = await trx
        .updateTable('issued_documents')
        .set({ storage_key: file.key, sha256: file.sha256, size: file.size, rendered_at: file.renderedAt, template_versions: JSON.stringify(versions), sealed_by: sealedBy, credential: JSON.stringify(credential) })
        .where('id', '=', id)
        .where('storage_key', 'is', null)
        .executeTakeFirst();
      if (updated.numUpdatedRows !== 1n) throw new Error(`Issued document ${id} already has its bytes.`);
    },
  );
}

/** A verdict's text rendered from the active verdict template: the bytes and the template's version. */
export async function renderVerdictFile(
  trx: AppDatabase,
  config: ServerConfig,
  input: { applicationId: number; text: string; language: TemplateLanguage; now: Date },
): Promise<{ bytes: Buffer; extra: number }> {
  const { letterhead } = await issuingSettings(trx, config);
  const { bytes, version } = await renderVerdict(trx, { ...input, letterhead });
  return { bytes, extra: version };
}
