import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CredentialCheckAnswer, PdfCheckAnswer } from '../../../shared/api/document-seals';
import type { IssuedDocument } from '../../../shared/api/issuance';
import { Alert } from '../../components/alert';
import { DetailsList } from '../../components/details-list';
import { useFormat } from '../../lib/format';
import type { DocumentCheck } from './api';
import { readableClaims } from './claim-labels';
import { documentVerdict, verdictTone } from './verdict';

/** The verdict in one word with a sentence, then what it rests on, then the register's entry. */
export function CheckResult({ result, children }: { result: DocumentCheck; children?: ReactNode }) {
  const { t } = useTranslation('verify-document');
  const verdict = documentVerdict(result);
  return (
    <section className="verify-document__verdict" aria-labelledby="verify-verdict-heading" data-verdict={verdict}>
      <h2 id="verify-verdict-heading" className="visually-hidden">
        {t('result')}
      </h2>
      <Alert tone={verdictTone(verdict)} title={t(`verdicts.${verdict}`)}>
        <p>{t(`explanations.${result.subject}.${verdict}`)}</p>
      </Alert>
      {result.subject === 'pdf' ? <PdfDetails check={result.check} fileName={result.fileName} /> : <CredentialDetails check={result.check} />}
      <RegisterEntry entry={result.entry} />
      {children}
    </section>
  );
}

function PdfDetails({ check, fileName }: { check: PdfCheckAnswer; fileName: string }) {
  const { t } = useTranslation('verify-document');
  const format = useFormat();
  const yesNo = (value: boolean) => t(value ? 'yes' : 'no');
  return (
    <>
      <h3>{t('pdf.file')}</h3>
      <DetailsList
        rows={[
          [t('fields.fileName'), fileName],
          [t('fields.size'), format.fileSize(check.size)],
          [t('fields.sha256'), <code key="sha">{check.sha256}</code>],
        ]}
      />
      {check.signatures.map((signature, index) => (
        <div key={index} className="verify-document__signature">
          <h3>{t('pdf.signature', { number: format.number(index + 1), count: check.signatures.length })}</h3>
          <DetailsList
            rows={[
              [t('fields.sealedBy'), signature.signer],
              [t('fields.certifiedBy'), signature.signer_issuer],
              [t('fields.sealedAt'), signature.signing_time ? format.dateTime(signature.signing_time) : null],
              [t('fields.ourSeal'), yesNo(signature.our_seal)],
              [t('fields.signatureValid'), yesNo(signature.signature_valid && signature.digest_matches)],
              [t('fields.wholeDocument'), yesNo(signature.covers_whole_document)],
              [t('fields.timestamped'), yesNo(signature.timestamped)],
            ]}
          />
        </div>
      ))}
    </>
  );
}

function CredentialDetails({ check }: { check: CredentialCheckAnswer }) {
  const { t } = useTranslation('verify-document');
  const format = useFormat();
  const claims = readableClaims(check, t, format.date);
  return (
    <>
      <h3>{t('credential.details')}</h3>
      <DetailsList
        rows={[
          [t('fields.issuer'), [check.issuer_name, check.issuer_id].filter(Boolean).join(' · ') || null],
          [t('fields.issuerKind'), t(`issuerKinds.${check.issuer_kind}`)],
          [t('fields.key'), check.key_state ? t(`keyStates.${check.key_state}`) : null],
          [t('fields.signatureValid'), t(check.signature_valid ? 'yes' : 'no')],
          [t('fields.status'), t(`statuses.${check.status}`)],
          [t('fields.validFrom'), check.valid_from ? format.dateTime(check.valid_from) : null],
          [t('fields.validUntil'), check.valid_until ? format.dateTime(check.valid_until) : t('noEnd')],
          [t('fields.types'), check.types.join(', ')],
        ]}
      />
      {check.signature_error ? <p className="verify-document__technical">{t('technical', { detail: check.signature_error })}</p> : null}
      <h3>{t('credential.claims')}</h3>
      {claims.length > 0 ? <DetailsList rows={claims.map((claim) => [claim.label, claim.value])} /> : <p>{t('credential.noClaims')}</p>}
    </>
  );
}

function RegisterEntry({ entry }: { entry: IssuedDocument | null }) {
  const { t } = useTranslation(['verify-document', 'library']);
  const format = useFormat();
  return (
    <>
      <h3>{t('register.title')}</h3>
      {entry ? (
        <DetailsList
          rows={[
            [t('library:register.kind'), t(`library:register.kinds.${entry.kind}`)],
            [t('library:register.holder'), entry.holder_name],
            [t('register.application'), <Link key="application" to={`/applications/${entry.application_id}`}>{entry.reference}</Link>],
            [t('library:register.code'), <code key="code">{entry.verification_code}</code>],
            [t('library:register.issued'), `${format.date(entry.issued_at)}${entry.issued_by ? ` · ${entry.issued_by.full_name}` : ''}`],
            [
              t('register.status'),
              entry.status === 'valid'
                ? t('library:register.valid')
                : t('library:register.revokedOn', { date: entry.revoked_at ? format.date(entry.revoked_at) : '—', reason: entry.revoked_reason ?? '—' }),
            ],
          ]}
        />
      ) : (
        <p>{t('register.none')}</p>
      )}
    </>
  );
}
