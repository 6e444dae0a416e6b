import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Heading, Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { useAtomValue } from 'jotai';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { hasPermission } from '../../../shared/auth/permissions';
import { TEMPLATE_LANGUAGES, type TemplateLanguage, type Verdict } from '../../../shared/api/issuance';
import type { ApplicationDetail } from '../../../shared/api/applications';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { DownloadButton } from '../../components/download-button';
import { PageHeader } from '../../components/page-header';
import { PdfPreview } from '../../components/pdf-preview';
import { PdfUpload } from '../../components/pdf-upload';
import { RefusalAlert } from '../../components/refusal-alert';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { describeRefusal, isAccessDenied, translateError } from '../../lib/error-translator';
import { currentUserAtom } from '../../lib/session';
import { asTransportError } from '../../lib/transport-error';
import { useUnsavedWork } from '../../lib/unsaved-work';
import { useRenderVerdict, useSaveVerdictText, useSubmitVerdict, useVerdict, useVerdictApplication, useVerdictCache } from './api';
import { useFormat } from '../../lib/format';

/** A refused save, rendering or submission in words; someone else's change (412) and a refused step (409) offer a reload. */
const refusalOf = (error: unknown, t: TFunction) => describeRefusal(error, t, { 403: t('errors.forbidden'), 412: t('errors.stale') });

/**
 * The final verification verdict (service 3): the officer writes the text and has the PDF made
 * from the verdict template, or uploads a signed PDF; previews it; then submits it, which records
 * the decision on the application.
 */
export function VerdictEditorScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['verdicts', 'errors', 'common']);
  const params = useParams();
  const applicationId = Number(params.applicationId);
  const verdictId = Number(params.verdictId);
  const current = useVerdict(applicationId, verdictId);
  const application = useVerdictApplication(applicationId);

  if (current.isPending || application.isPending) return <Spinner label={t('common:loading')} />;
  if (current.isError || application.isError) {
    const error = current.error ?? application.error;
    const notFound = asTransportError(error).status === 404;
    return (
      <>
        <PageHeader title={t(titleKey, { ns: 'nav' })} />
        <Alert tone="error" title={notFound ? t('notFound') : isAccessDenied(error) ? t('common:noAccess.verdict') : translateError(error, t).message}>
          <Link to={`/applications/${applicationId}`}>{t('backToApplication')}</Link>
        </Alert>
      </>
    );
  }
  return <VerdictEditor verdict={current.data} application={application.data} onReload={() => void Promise.all([current.refetch(), application.refetch()])} />;
}

function VerdictEditor({ verdict, application, onReload }: { verdict: Verdict; application: ApplicationDetail; onReload(): void }) {
  const { t } = useTranslation(['verdicts', 'errors', 'common']);
  const format = useFormat();
  const navigate = useNavigate();
  const user = useAtomValue(currentUserAtom);
  const [text, setText] = useState(verdict.body);
  const [language, setLanguage] = useState<TemplateLanguage>('sq');
  const [confirming, setConfirming] = useState(false);
  const [notes, setNotes] = useState('');
  const save = useSaveVerdictText(application.id, verdict.id);
  const render = useRenderVerdict(application.id, verdict.id);
  const submit = useSubmitVerdict(application.id, verdict.id);
  const keep = useVerdictCache(application.id, verdict.id);

  // A reload (or someone else's save) brings new text only while this one is unchanged.
  const [savedBody, setSavedBody] = useState(verdict.body);
  useEffect(() => {
    if (verdict.body !== savedBody) {
      setText((mine) => (mine === savedBody ? verdict.body : mine));
      setSavedBody(verdict.body);
    }
  }, [verdict.body, savedBody]);

  const isDraft = verdict.status === 'draft';
  // Reading needs the application; writing, submitting and recording need applications.issue_document.
  const mayIssue = hasPermission(user, 'applications.issue_document');
  const mayEdit = isDraft && mayIssue;
  const dirty = text !== verdict.body;
  useUnsavedWork('form', dirty, t('title', { reference: application.reference }));
  const maySubmit = application.allowed_actions.some((move) => move.action === 'submit_verdict');
  const failed = save.error ?? render.error ?? (confirming ? null : submit.error);
  const refusal = failed ? refusalOf(failed, t) : null;
  const when = format.dateTime;

  async function saveText(): Promise<Verdict> {
    if (!dirty) return verdict;
    const saved = await save.mutateAsync({ version: verdict.version, body: text });
    setSavedBody(saved.body);
    return saved;
  }

  async function makePdf() {
    try {
      const saved = await saveText();
      await render.mutateAsync({ version: saved.version, language });
      notifySuccess('saved', t('pdfMade'));
    } catch {
      // Shown from the mutation's error.
    }
  }

  async function submitVerdict() {
    try {
      await submit.mutateAsync({ verdict, applicationVersion: application.version, notes });
      setConfirming(false);
      notifySuccess('updated', t('submitted'));
      navigate(`/applications/${application.id}`);
    } catch {
      // Shown in the dialog.
    }
  }

  return (
    <>
      <PageHeader title={t('title', { reference: application.reference })} description={application.applicant.full_name} />
      <p>
        <Link to={`/applications/${application.id}`}>{t('backToApplication')}</Link>
      </p>
      <div className="detail-header">
        <span>{t(`status.${verdict.status}`)}</span>
        <span>{t('updated', { date: when(verdict.updated_at), by: verdict.created_by?.full_name ?? '—' })}</span>
        {verdict.submitted_at ? <span>{t('submittedAt', { date: when(verdict.submitted_at) })}</span> : null}
      </div>
      {refusal ? <RefusalAlert message={refusal.message} reload={refusal.offerReload ? { label: t('reload'), onReload } : null} /> : null}

      <section className="card" aria-labelledby="verdict-text">
        <Heading level={2} id="verdict-text" className="card__title">
          {t('textTitle')}
        </Heading>
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            void saveText().catch(() => {});
          }}
        >
          <AriaTextField value={text} onChange={setText} isReadOnly={!mayEdit} className="field">
            <Label className="field__label">{t('text')}</Label>
            <TextArea className="field__input" rows={12} maxLength={50_000} />
          </AriaTextField>
          {mayEdit ? (
            <div className="action-list">
              <Button type="submit" variant="secondary" isDisabled={!dirty} isPending={save.isPending}>
                {t('saveText')}
              </Button>
              <SelectField
                label={t('language')}
                value={language}
                options={TEMPLATE_LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
                onChange={(value) => setLanguage(value as TemplateLanguage)}
              />
              <Button variant="secondary" isDisabled={!text.trim()} isPending={render.isPending} onPress={() => void makePdf()}>
                {t('makePdf')}
              </Button>
            </div>
          ) : null}
        </Form>
      </section>

      <section className="card" aria-labelledby="verdict-pdf">
        <Heading level={2} id="verdict-pdf" className="card__title">
          {t('pdfTitle')}
        </Heading>
        {mayEdit ? (
          <PdfUpload
            target={{ type: 'verdict_file', application_id: application.id, verdict_id: verdict.id, version: verdict.version }}
            onVerdictUploaded={keep}
            describeError={(error) => (asTransportError(error).status === 412 ? t('errors.stale') : null)}
            label={t('uploadLabel')}
          />
        ) : null}
        {verdict.file_name ? (
          <>
            <div className="action-list">
              <DownloadButton source="verdict_file" documentId={verdict.id} applicationId={application.id} fileName={verdict.file_name} sha256={verdict.sha256} action="open" label={t('open')} variant="quiet" />
              <DownloadButton source="verdict_file" documentId={verdict.id} applicationId={application.id} fileName={verdict.file_name} sha256={verdict.sha256} label={t('save')} variant="quiet" />
            </div>
            <PdfPreview
              key={verdict.sha256 ?? verdict.version}
              request={{ source: 'verdict_file', document_id: verdict.id, application_id: application.id, file_name: verdict.file_name, sha256: verdict.sha256 }}
              label={t('previewOf', { name: verdict.file_name })}
            />
          </>
        ) : (
          <p>{t('noPdf')}</p>
        )}
      </section>

      {mayIssue ? (
        <section className="card" aria-labelledby="verdict-submit">
          <Heading level={2} id="verdict-submit" className="card__title">
            {t('submitTitle')}
          </Heading>
          {!verdict.file_name ? <p>{t('needsPdf')}</p> : null}
          {verdict.file_name && dirty ? <p>{t('unsavedText')}</p> : null}
          {verdict.file_name && !maySubmit ? <p>{t('notAllowedNow', { status: t(`applications:status.${application.status}`) })}</p> : null}
          <Button variant="primary" isDisabled={!verdict.file_name || dirty || !maySubmit} onPress={() => setConfirming(true)}>
            {isDraft ? t('submit') : t('recordDecision')}
          </Button>
        </section>
      ) : null}

      <Dialog isOpen={confirming} onOpenChange={(open) => !submit.isPending && setConfirming(open)} title={t('confirmTitle')} isBusy={submit.isPending}>
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            void submitVerdict();
          }}
        >
          <p>{t('confirmText', { reference: application.reference })}</p>
          <AriaTextField value={notes} onChange={setNotes} className="field">
            <Label className="field__label">{t('notesOptional')}</Label>
            <TextArea className="field__input" rows={3} maxLength={4000} />
          </AriaTextField>
          {submit.error ? (
            <RefusalAlert
              message={refusalOf(submit.error, t).message}
              reload={
                refusalOf(submit.error, t).offerReload
                  ? {
                      label: t('reload'),
                      onReload: () => {
                        setConfirming(false);
                        submit.reset();
                        onReload();
                      },
                    }
                  : null
              }
            />
          ) : null}
          <div className="dialog__actions">
            <Button onPress={() => setConfirming(false)} isDisabled={submit.isPending}>
              {t('cancel')}
            </Button>
            <Button type="submit" variant="primary" isPending={submit.isPending}>
              {isDraft ? t('submit') : t('recordDecision')}
            </Button>
          </div>
        </Form>
      </Dialog>
    </>
  );
}
