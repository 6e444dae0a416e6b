import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FileField } from '../../components/file-field';
import { PageHeader } from '../../components/page-header';
import { RefusalAlert } from '../../components/refusal-alert';
import { TextAreaField } from '../../components/text-area-field';
import { describeRefusal } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useCheckCredential, useCheckPdf, useRecordEvidence, type DocumentCheck } from './api';
import { CheckResult } from './check-result';
import { readableClaims } from './claim-labels';
import { EMPTY_EVIDENCE, EvidencePanel, type EvidenceDraft } from './evidence-panel';
import { evidenceSummary } from './evidence-summary';
import { documentVerdict } from './verdict';
import './verify-document.css';

const PDF_TYPES = ['application/pdf', '.pdf'];
const JSON_TYPES = ['application/json', 'application/ld+json', 'application/vc+ld+json', '.json', '.jsonld'];
/** The server takes at most five other issuers' DID documents with one credential. */
const MAX_DID_DOCUMENTS = 5;

type JsonObject = Record<string, unknown>;

/** The text as a JSON object, or null: a credential and a DID document are objects. */
function jsonObject(text: string): JsonObject | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : null;
  } catch {
    return null;
  }
}

const isPdf = (file: File) => file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');

/**
 * Verify a document (route /documents/verify): a PDF someone brings (its seals: who, when, whether
 * it changed after sealing) or a verifiable credential (its proof, issuer, revocation and validity,
 * its claims), checked by the server, with the register's entry when the document is ours. Another
 * issuer's did:web document is supplied as a file: nothing is fetched from the network.
 */
export function VerifyDocumentScreen({ titleKey }: { titleKey: string }) {
  const { t, i18n } = useTranslation(['verify-document', 'nav', 'common']);
  const checkPdf = useCheckPdf(i18n.resolvedLanguage ?? i18n.language);
  const checkCredential = useCheckCredential();
  const [result, setResult] = useState<DocumentCheck | null>(null);
  const [credentialText, setCredentialText] = useState('');
  const [didDocuments, setDidDocuments] = useState<{ name: string; document: JsonObject }[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [evidence, setEvidence] = useState<EvidenceDraft>(EMPTY_EVIDENCE);
  const recordEvidence = useRecordEvidence();
  const format = useFormat();
  const failed = checkPdf.error ?? checkCredential.error;
  const refusal = failed ? describeRefusal(failed, t) : null;
  const pending = checkPdf.isPending || checkCredential.isPending;

  function start() {
    setProblem(null);
    setResult(null);
    checkPdf.reset();
    checkCredential.reset();
    recordEvidence.reset();
  }

  function sendPdf(file: File) {
    start();
    checkPdf.mutate(file, { onSuccess: setResult });
  }

  function sendCredential(text: string) {
    start();
    const credential = jsonObject(text);
    if (!credential) {
      setProblem(t('problems.notJson'));
      return;
    }
    checkCredential.mutate({ credential, didDocuments: didDocuments.map((entry) => entry.document) }, { onSuccess: setResult });
  }

  async function readCredentialFile(file: File) {
    const text = await file.text();
    setCredentialText(text);
    sendCredential(text);
  }

  async function addDidDocument(file: File) {
    const document = jsonObject(await file.text());
    if (!document || typeof document.id !== 'string') {
      setProblem(t('problems.notDidDocument', { name: file.name }));
      return;
    }
    setProblem(null);
    setDidDocuments((current) => [...current.filter((entry) => entry.name !== file.name), { name: file.name, document }].slice(-MAX_DID_DOCUMENTS));
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (!file) return;
    if (isPdf(file)) sendPdf(file);
    else void readCredentialFile(file);
  }

  return (
    <>
      <PageHeader title={t(`nav:${titleKey}`)} description={t('description')} />
      <div
        className={dragging ? 'verify-document__drop verify-document__drop--over' : 'verify-document__drop'}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <p className="verify-document__drop-hint">{t('dropHint')}</p>
        <div className="verify-document__inputs">
          <section className="verify-document__input" aria-labelledby="verify-pdf-heading">
            <h2 id="verify-pdf-heading">{t('pdf.title')}</h2>
            <p>{t('pdf.about')}</p>
            <FileField label={t('pdf.choose')} accept={PDF_TYPES} description={t('pdf.hint')} isDisabled={pending} onChoose={sendPdf} />
          </section>
          <section className="verify-document__input" aria-labelledby="verify-credential-heading">
            <h2 id="verify-credential-heading">{t('credential.title')}</h2>
            <p>{t('credential.about')}</p>
            <FileField label={t('credential.choose')} accept={JSON_TYPES} isDisabled={pending} onChoose={(file) => void readCredentialFile(file)} />
            <TextAreaField label={t('credential.paste')} value={credentialText} onChange={setCredentialText} rows={5} isDisabled={pending} />
            <FileField label={t('credential.didDocument')} accept={JSON_TYPES} description={t('credential.didDocumentHint')} isDisabled={pending || didDocuments.length >= MAX_DID_DOCUMENTS} onChoose={(file) => void addDidDocument(file)} />
            {didDocuments.length > 0 ? (
              <ul className="verify-document__did-documents" aria-label={t('credential.didDocuments')}>
                {didDocuments.map((entry) => (
                  <li key={entry.name}>
                    <code>{String(entry.document.id)}</code> ({entry.name}){' '}
                    <Button variant="quiet" aria-label={t('credential.removeDidDocument', { name: entry.name })} onPress={() => setDidDocuments((current) => current.filter((other) => other.name !== entry.name))}>
                      {t('credential.remove')}
                    </Button>
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="verify-document__actions">
              <Button variant="primary" isPending={checkCredential.isPending} isDisabled={credentialText.trim() === '' || checkPdf.isPending} onPress={() => sendCredential(credentialText)}>
                {t('credential.check')}
              </Button>
            </div>
          </section>
        </div>
      </div>
      <div className="verify-document__result" aria-live="polite">
        {pending ? <p>{t('checking')}</p> : null}
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        {refusal ? <RefusalAlert title={t('problems.refused')} message={refusal.message} /> : null}
        {result ? (
          <CheckResult result={result}>
            {/* The route is whoever verifies documents', as is the evidence endpoint. */}
            <EvidencePanel
              result={result}
              summary={evidenceSummary(result, documentVerdict(result), result.subject === 'credential' ? readableClaims(result.check, t, format.date) : [], t, format)}
              draft={evidence}
              onDraftChange={setEvidence}
              record={recordEvidence}
            />
          </CheckResult>
        ) : null}
      </div>
    </>
  );
}
