import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { APPLICATION_PATHS, applicationListAnswer } from '../../../shared/api/applications';
import {
  credentialCheckAnswer,
  DOCUMENT_SEAL_PATHS,
  documentCheckEvidenceAnswer,
  documentCheckEvidencePath,
  type DocumentCheckEvidence,
  pdfCheckAnswer,
  type CredentialCheckAnswer,
  type PdfCheckAnswer,
} from '../../../shared/api/document-seals';
import { issuedDocument, ISSUANCE_PATHS, type IssuedDocument } from '../../../shared/api/issuance';
import { apiClient } from '../../lib/app-api-client';
import { queryKeys } from '../../lib/query-keys';

// "Verify a document"'s calls: the server checks a PDF (sent as it is) or a credential (JSON), and
// the register's entry of the same document is looked up beside it (by the PDF's SHA-256 or the
// credential's verification code), so the screen can say which document it is and whether the
// office revoked it. A reader without the register still gets the check (entry null).

export type DocumentCheck =
  | { subject: 'pdf'; fileName: string; check: PdfCheckAnswer; entry: IssuedDocument | null }
  | { subject: 'credential'; check: CredentialCheckAnswer; entry: IssuedDocument | null };

async function registerEntry(search: string | null, matches: (entry: IssuedDocument) => boolean): Promise<IssuedDocument | null> {
  if (!search) return null;
  try {
    const page = await apiClient.list(ISSUANCE_PATHS.register, issuedDocument, { search, page_size: 5 });
    return page.results.find(matches) ?? null;
  } catch {
    return null;
  }
}

export function useCheckPdf(language: string) {
  return useMutation({
    mutationFn: async (file: File): Promise<DocumentCheck> => {
      const response = await apiClient.send('post', DOCUMENT_SEAL_PATHS.checkPdf, { body: file, headers: { 'content-type': 'application/pdf', 'Accept-Language': language } });
      const check = pdfCheckAnswer.parse(await response.json());
      return { subject: 'pdf', fileName: file.name, check, entry: await registerEntry(check.sha256, (entry) => entry.sha256 === check.sha256) };
    },
  });
}

export function useCheckCredential() {
  return useMutation({
    mutationFn: async (request: { credential: Record<string, unknown>; didDocuments: Record<string, unknown>[] }): Promise<DocumentCheck> => {
      const check = await apiClient.post(DOCUMENT_SEAL_PATHS.checkCredential, { credential: request.credential, did_documents: request.didDocuments }, credentialCheckAnswer);
      // Only our own credentials have an entry in our register.
      const code = check.issuer_kind === 'ours' ? (check.claims.find((claim) => claim.path === 'verificationCode')?.value ?? null) : null;
      return { subject: 'credential', check, entry: await registerEntry(code, (entry) => entry.verification_code === code) };
    },
  });
}

/** The application a result goes on, found by its reference (or applicant) as typed; archived ones too (a document brought years after its application closed). */
const applicationMatches = applicationListAnswer.transform((page) => page.results);
export function useApplicationMatches(search: string) {
  return useQuery({
    queryKey: queryKeys.documentChecks.applicationSearch(search),
    queryFn: () => apiClient.get(APPLICATION_PATHS.list, applicationMatches, { search, page_size: 10, archived: 'all' }),
    enabled: search.length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** Keeps a check's result on an application as evidence (a note); its detail shows the note. */
export function useRecordEvidence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, evidence }: { applicationId: number; evidence: DocumentCheckEvidence }) =>
      apiClient.post(documentCheckEvidencePath(applicationId), evidence, documentCheckEvidenceAnswer),
    onSuccess: (_answer, { applicationId }) => queryClient.invalidateQueries({ queryKey: queryKeys.application.detail(applicationId) }),
  });
}
