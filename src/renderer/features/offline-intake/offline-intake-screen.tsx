import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import type { IntakeRequestParsed } from '../../../shared/api/intake';
import type { Service } from '../../../shared/api/services';
import { getBridge } from '../../platform/bridge';
import { useCounterCatalogue } from './counter-catalogue';
import type { CounterStore } from './counter-store';
import { checkDraft, serviceOfType } from './draft-checks';
import type { Draft, DraftDocument, DraftValues } from './draft-model';
import { DraftsPanel, draftName } from './drafts-panel';
import { DuplicateWarning } from './duplicate-warning';
import { IntakeForm } from './intake-form';
import { OfflineBanner } from './offline-banner';
import { OutboxPanel } from './outbox-panel';
import { outboxWakeAtom } from './outbox-wake';
import { SaveStatus, storageProblemText } from './save-status';
import { asStorageError } from './storage-errors';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { useAutosave } from './use-autosave';
import { useCounterStore } from './use-counter-store';
import { useDraftList } from './use-draft-list';
import './offline-intake.css';

/**
 * /applications/offline/new (spec §2, administrators): a paper application typed in at the
 * counter, online or not. The draft is saved on this computer as the officer types (encrypted,
 * per user); Send checks it with the server's own schema, quotes the fee locally and puts it in
 * the outbox, which sends it — files first, then the application, exactly once — as soon as the
 * server can be reached.
 */
export function OfflineIntakeScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['counter', 'nav']);
  const { store, error } = useCounterStore();
  const catalogue = useCounterCatalogue();

  return (
    <div className="counter-desk">
      <PageHeader title={t(titleKey, { ns: 'nav' })} description={t('description')} />
      <OfflineBanner catalogueSavedAt={catalogue.data?.fromCache ? catalogue.data.savedAt : null} />
      {error ? (
        <Alert tone="error" title={t('storage.title')}>
          {storageProblemText(error.kind, t)}
        </Alert>
      ) : null}
      {catalogue.isError && !catalogue.data ? <Alert tone="error">{t('catalogue.unavailable')}</Alert> : null}
      {store ? (
        // Another officer signing in on this computer gets a desk of their own, nothing of the last one's.
        <CounterDesk key={store.owner} store={store} services={catalogue.data?.services ?? []} />
      ) : error ? null : (
        <Spinner label={t('opening')} />
      )}
    </div>
  );
}

function CounterDesk({ store, services }: { store: CounterStore; services: readonly Service[] }) {
  const { t } = useTranslation(['counter', 'applications']);
  const [draft, setDraft] = useState<Draft>(() => store.newDraft());
  // A new draft is stored from its first change (useAutosave takes the draft it is given as
  // saved), so opening the screen leaves no empty drafts behind.
  const [edited, setEdited] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [confirmIncomplete, setConfirmIncomplete] = useState(false);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const wakeOutbox = useSetAtom(outboxWakeAtom);
  const autosave = useAutosave(store, draft);
  const latest = useRef(draft);
  useEffect(() => {
    latest.current = draft;
  }, [draft]);
  const list = useDraftList(store);

  const service = serviceOfType(services, draft.values.service_type);
  const check = useMemo(() => checkDraft(draft, service, t), [draft, service, t]);
  const errors = attempted ? check.errors : {};
  const errorCount = Object.keys(errors).length;
  const feeProblem = attempted && check.quote !== null && !check.quote.ok;
  const applicant = draft.values.applicant;
  const currentName = draftName({ applicant_name: `${applicant.first_name} ${applicant.last_name}`, personal_id: applicant.personal_id }, t('drafts.unnamed'));
  const summaries = list.summaries ?? [];
  const drafts = summaries.filter((summary) => summary.state === 'draft');
  const outbox = summaries.filter((summary) => summary.state !== 'draft');

  /** A change of the form: the values, or how to make them from the latest ones (an attachment that arrives after more typing). */
  const change = (values: DraftValues | ((current: DraftValues) => DraftValues)) => {
    setDraft((current) => ({ ...current, values: typeof values === 'function' ? values(current.values) : values }));
    setEdited(true);
  };

  /**
   * Saves what the form holds now; true when the stored draft is the form's. The autosave's flush
   * settles either way, so the draft is saved once more to know (a full disk throws here).
   */
  const { flush } = autosave;
  const saveNow = useCallback(async (): Promise<boolean> => {
    if (!edited) return true;
    try {
      await flush();
      await store.saveDraft(latest.current);
      return true;
    } catch {
      return false;
    }
  }, [flush, edited, store]);

  const open = (next: Draft) => {
    setDraft(next);
    setEdited(false);
    setAttempted(false);
  };

  /** Leaves the draft in the form for another; its pending changes are saved first. */
  const switchTo = async (load: () => Promise<Draft | null>) => {
    setNotice(null);
    if (!(await saveNow())) {
      setNotice({ tone: 'error', text: t('desk.switchFailed') });
      return;
    }
    try {
      const next = await load();
      if (next) open(next);
    } catch (error) {
      setNotice({ tone: 'error', text: storageProblemText(asStorageError(error).kind, t) });
    }
  };

  // A file arrives after its dialog and its sealing: it joins the values as they are then, never
  // the ones of the moment it was chosen (what was typed meanwhile stays).
  const attach = (document: DraftDocument) => change((values) => ({ ...values, documents: [...values.documents, document] }));

  // A removed document's kept file is deleted once a draft without it is saved: should the save
  // fail, the stored draft still names a file that exists. (Leaving the screen before that save
  // leaves the sealed file behind: nothing sweeps unnamed attachments yet.)
  const [removed, setRemoved] = useState<string[]>([]);
  const remove = (document: DraftDocument) => {
    change((values) => ({ ...values, documents: values.documents.filter((entry) => entry.attachment_id !== document.attachment_id) }));
    setRemoved((current) => [...current, document.attachment_id]);
  };
  useEffect(() => {
    if (removed.length === 0 || autosave.dirty || autosave.status !== 'saved') return;
    const named = new Set(draft.values.documents.map((document) => document.attachment_id));
    const gone = removed.filter((id) => !named.has(id));
    setRemoved((current) => current.filter((id) => !gone.includes(id)));
    for (const id of gone) {
      void getBridge()
        .counter.removeAttachment({ attachment_id: id })
        .catch((error: unknown) => console.warn('A removed document could not be deleted from this computer', error));
    }
  }, [removed, autosave.dirty, autosave.status, draft.values.documents]);

  const queue = async (request: IntakeRequestParsed) => {
    setSending(true);
    setNotice(null);
    try {
      // The outbox sends the stored draft's files: store exactly what the form holds first.
      await flush();
      await store.saveDraft(draft);
      await store.queue(draft.id, request);
      wakeOutbox((wakes) => wakes + 1);
      open(store.newDraft());
      setNotice({ tone: 'success', text: t('desk.queued', { name: currentName }) });
    } catch (error) {
      setNotice({ tone: 'error', text: t('desk.queueFailed', { reason: storageProblemText(asStorageError(error).kind, t) }) });
    } finally {
      setSending(false);
    }
  };

  const send = () => {
    setAttempted(true);
    setNotice(null);
    if (!check.request) return;
    if (check.missing.length > 0) {
      setConfirmIncomplete(true);
      return;
    }
    void queue(check.request);
  };

  const summary =
    errorCount > 0 ? t('form.fixFields', { count: errorCount }) : feeProblem ? t('form.fixFee') : null;
  const summaryDetails = errorCount > 0 ? Object.values(errors) : [];
  const missingNames = check.missing.map((type) => t(`applications:documentType.${type}`)).join(', ');

  return (
    <>
      {notice ? (
        <Alert tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Alert>
      ) : null}
      {list.error ? <Alert tone="error">{storageProblemText(list.error.kind, t)}</Alert> : null}
      <div className="counter-desk__panels">
        <DraftsPanel
          drafts={drafts}
          currentId={draft.id}
          onResume={(id) => void switchTo(() => store.loadDraft(id))}
          onDelete={async (id) => {
            await store.deleteDraft(id);
            if (id === draft.id) open(store.newDraft());
          }}
        />
        <OutboxPanel
          items={outbox}
          onRetry={async (id) => {
            await store.retryNow(id);
            wakeOutbox((wakes) => wakes + 1);
          }}
          onEdit={(id) =>
            switchTo(async () => {
              await store.reopen(id);
              return store.loadDraft(id);
            })
          }
        />
      </div>

      <section className="counter-desk__form" aria-labelledby="counter-form-title">
        <div className="card__header">
          <Heading level={2} id="counter-form-title" className="card__title">
            {edited || drafts.some((entry) => entry.id === draft.id) ? t('desk.editing', { name: currentName }) : t('desk.new')}
          </Heading>
          <Button variant="secondary" onPress={() => void switchTo(async () => store.newDraft())}>
            {t('desk.newDraft')}
          </Button>
        </div>
        <IntakeForm
          // A different draft is a different form: no field keeps another draft's state.
          key={draft.id}
          values={draft.values}
          onChange={change}
          services={services}
          quote={check.quote}
          errors={errors}
          summary={summary}
          summaryDetails={summaryDetails}
          {...(attempted && check.missing.length > 0 ? { missingMessage: t('documents.missing', { list: missingNames }) } : {})}
          onAttach={attach}
          onRemove={remove}
          onSend={send}
          isSending={sending}
          duplicates={<DuplicateWarning personalId={draft.values.applicant.personal_id} institutionName={draft.values.education.institution_name} />}
          saveStatus={edited ? <SaveStatus status={autosave.status} error={autosave.error} savedAt={autosave.savedAt} /> : null}
        />
      </section>

      <ConfirmDialog
        isOpen={confirmIncomplete}
        onOpenChange={setConfirmIncomplete}
        title={t('incomplete.title')}
        message={
          <>
            <p>{t('incomplete.message', { list: missingNames })}</p>
            <p>{t('incomplete.question')}</p>
          </>
        }
        confirmLabel={t('incomplete.confirm')}
        onConfirm={() => {
          setConfirmIncomplete(false);
          if (check.request) void queue(check.request);
        }}
      />
      <UnsavedChangesGuard pending={edited && autosave.dirty} failed={autosave.status === 'failed'} save={saveNow} />
    </>
  );
}
