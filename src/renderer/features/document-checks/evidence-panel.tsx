import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DOCUMENT_CHECK_EVIDENCE_MAX } from '../../../shared/api/document-seals';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { RefusalAlert } from '../../components/refusal-alert';
import { SearchChoiceField, type SearchChoice } from '../../components/search-choice-field';
import { TextAreaField } from '../../components/text-area-field';
import { describeRefusal } from '../../lib/error-translator';
import { useApplicationMatches, type DocumentCheck, type useRecordEvidence } from './api';

/** What the officer chose and typed for the evidence; the screen keeps it across checks. */
export interface EvidenceDraft {
  application: SearchChoice | null;
  comment: string;
}
export const EMPTY_EVIDENCE: EvidenceDraft = { application: null, comment: '' };

export interface EvidencePanelProps {
  result: DocumentCheck;
  /** The check's result as the note's text (evidence-summary.ts). */
  summary: string;
  draft: EvidenceDraft;
  onDraftChange(draft: EvidenceDraft): void;
  record: ReturnType<typeof useRecordEvidence>;
}

/**
 * "The result can be attached to an application as evidence": the application found by its
 * reference, an optional word of the officer's, and the check's summary kept as a note on it
 * (audited by the server). The choice and the words stay when another document is checked.
 */
export function EvidencePanel({ result, summary, draft, onDraftChange, record }: EvidencePanelProps) {
  const { t } = useTranslation(['verify-document', 'common']);
  const [search, setSearch] = useState('');
  const [missing, setMissing] = useState(false);
  const matches = useApplicationMatches(search);
  const options: SearchChoice[] = (matches.data ?? []).map((application) => ({ id: application.id, label: `${application.reference} — ${application.applicant.full_name}` }));
  const refusal = record.error ? describeRefusal(record.error, t) : null;
  const comment = draft.comment.trim();
  const text = (comment ? `${comment}\n\n${summary}` : summary).slice(0, DOCUMENT_CHECK_EVIDENCE_MAX);

  function attach() {
    if (!draft.application) {
      setMissing(true);
      return;
    }
    const application = draft.application;
    record.mutate({ applicationId: application.id, evidence: { subject: result.subject, summary: text } });
  }

  const attachedTo = record.isSuccess ? record.variables.applicationId : null;
  return (
    <section className="verify-document__evidence" aria-labelledby="verify-evidence-heading">
      <h3 id="verify-evidence-heading">{t('evidence.title')}</h3>
      <p>{t('evidence.about')}</p>
      <SearchChoiceField
        label={t('evidence.application')}
        description={t('evidence.applicationHint')}
        openLabel={t('evidence.showMatches')}
        emptyText={search.length >= 2 ? t('evidence.noMatches') : t('evidence.typeMore')}
        options={options}
        onSearch={setSearch}
        selected={draft.application}
        onSelect={(application) => {
          setMissing(false);
          onDraftChange({ ...draft, application });
        }}
        errorMessage={missing ? t('common:validation.required') : undefined}
      />
      <TextAreaField label={t('evidence.comment')} description={t('evidence.commentHint')} value={draft.comment} onChange={(value) => onDraftChange({ ...draft, comment: value })} rows={2} />
      <details className="verify-document__evidence-preview">
        <summary>{t('evidence.preview')}</summary>
        <pre>{text}</pre>
      </details>
      {refusal ? <RefusalAlert title={t('evidence.refused')} message={refusal.message} details={Object.values(refusal.fieldErrors).flat()} /> : null}
      {attachedTo !== null ? (
        <Alert tone="success" title={t('evidence.attached')}>
          <p>
            <Link to={`/applications/${attachedTo}`}>{t('evidence.open', { application: draft.application?.id === attachedTo ? draft.application.label : `#${attachedTo}` })}</Link>
          </p>
        </Alert>
      ) : (
        <div className="verify-document__actions">
          <Button variant="primary" isPending={record.isPending} onPress={attach}>
            {t('evidence.attach')}
          </Button>
        </div>
      )}
    </section>
  );
}
