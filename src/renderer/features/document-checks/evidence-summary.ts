import type { TFunction } from 'i18next';
import type { DocumentCheck } from './api';
import type { ReadableClaim } from './claim-labels';
import type { DocumentVerdict } from './verdict';

// The note a check leaves on an application as evidence: what was checked, the verdict with its
// sentence, what it rests on (the seals' signers and times, the credential's issuer and status)
// and the register's entry. Written in the officer's language, as a note they typed would be; the
// application's readers see it among its notes.

interface SummaryFormat {
  dateTime(value: string): string;
}

export function evidenceSummary(result: DocumentCheck, verdict: DocumentVerdict, claims: readonly ReadableClaim[], t: TFunction, format: SummaryFormat): string {
  const lines: string[] = [];
  if (result.subject === 'pdf') {
    lines.push(t('verify-document:evidence.summary.pdf', { fileName: result.fileName, sha256: result.check.sha256 }));
  } else {
    const issuer = [result.check.issuer_name, result.check.issuer_id].filter(Boolean).join(' · ') || '—';
    lines.push(t('verify-document:evidence.summary.credential', { issuer }));
  }
  lines.push(`${t(`verify-document:verdicts.${verdict}`)}: ${t(`verify-document:explanations.${result.subject}.${verdict}`)}`);
  if (result.subject === 'pdf') {
    for (const signature of result.check.signatures) {
      lines.push(t('verify-document:evidence.summary.seal', { signer: signature.signer ?? '—', time: signature.signing_time ? format.dateTime(signature.signing_time) : '—' }));
    }
  } else {
    lines.push(`${t('verify-document:fields.status')}: ${t(`verify-document:statuses.${result.check.status}`)}`);
    for (const claim of claims) lines.push(`${claim.label}: ${claim.value}`);
  }
  lines.push(
    result.entry
      ? t('verify-document:evidence.summary.entry', { code: result.entry.verification_code, reference: result.entry.reference })
      : t('verify-document:register.none'),
  );
  return lines.join('\n');
}
