import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { BulkAction, BulkAnswer, BulkResult, bulkPreviewAnswer, UserSelection } from '../../../shared/api/users';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { FormError } from '../../components/form-error';
import { Spinner } from '../../components/spinner';
import { serverText, translateError } from '../../lib/error-translator';
import { asTransportError } from '../../lib/transport-error';
import { bulkActionSpec, bulkRequestOf, EMPTY_PARAMETERS, type BulkParameters } from './bulk-actions';
import { BulkParametersForm } from './bulk-parameters';
import { groupLabel } from './group-names';
import { previewSelection, useRunBulkAction } from './list-api';
import { SendNotificationForm } from './send-notification-form';
import { Icon } from '../../components/icon';

// One bulk action from start to end (spec §2): the form the action needs, the count of the users it
// will touch (bulk preview) confirmed in words, the run with that count (a different count now is
// the server's 409), and the result for each user: done, or skipped and why.

type BulkPreview = z.infer<typeof bulkPreviewAnswer>;

type Step =
  | { name: 'form' }
  | { name: 'checking' }
  | { name: 'confirm'; preview: BulkPreview }
  | { name: 'running'; preview: BulkPreview }
  | { name: 'result'; answer: BulkAnswer }
  | { name: 'changed' }
  | { name: 'failed'; message: string; retry: 'check' | 'run'; preview?: BulkPreview };

/** Rows of the result table at most: a filter may touch thousands; the skipped come first. */
const RESULT_ROWS = 500;

export interface BulkActionDialogProps {
  action: BulkAction;
  selection: UserSelection;
  onClose(): void;
}

export function BulkActionDialog({ action, selection, onClose }: BulkActionDialogProps) {
  const { t, i18n } = useTranslation('user-list');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const spec = bulkActionSpec(action);
  const [parameters, setParameters] = useState<BulkParameters>(EMPTY_PARAMETERS);
  const [step, setStep] = useState<Step>(spec.form === 'none' ? { name: 'checking' } : { name: 'form' });
  const run = useRunBulkAction(language);
  const started = useRef(false);

  const failureMessage = (error: unknown) => serverText(error, 'detail') ?? translateError(error, t).message;

  const check = () => {
    setStep({ name: 'checking' });
    previewSelection(selection, language).then(
      (preview) => setStep({ name: 'confirm', preview }),
      (error: unknown) => setStep({ name: 'failed', message: failureMessage(error), retry: 'check' }),
    );
  };

  // An action without a form asks for its count at once (once, even when effects run twice).
  useEffect(() => {
    if (step.name === 'checking' && !started.current) {
      started.current = true;
      check();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const confirm = (preview: BulkPreview) => {
    setStep({ name: 'running', preview });
    run.mutate(bulkRequestOf(action, parameters, selection, preview.count), {
      onSuccess: (answer) => setStep({ name: 'result', answer }),
      onError: (error) =>
        setStep(asTransportError(error).status === 409 ? { name: 'changed' } : { name: 'failed', message: failureMessage(error), retry: 'run', preview }),
    });
  };

  const busy = step.name === 'checking' || step.name === 'running';
  const announcement =
    step.name === 'result'
      ? `${t('bulk.summary.done', { count: step.answer.done })}. ${t('bulk.summary.skipped', { count: step.answer.skipped })}.`
      : step.name === 'changed'
        ? t('bulk.changed')
        : '';

  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} title={t(`actions.${action}.title`)} isBusy={busy} size={step.name === 'result' ? 'wide' : 'normal'}>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {step.name === 'form' && spec.form === 'notification' ? (
        <SendNotificationForm
          onCancel={onClose}
          onSubmit={(values) => {
            setParameters({ ...parameters, ...values });
            check();
          }}
        />
      ) : null}
      {step.name === 'form' && (spec.form === 'group' || spec.form === 'roles') ? (
        <BulkParametersForm
          form={spec.form}
          initial={parameters}
          onCancel={onClose}
          onSubmit={(values) => {
            setParameters({ ...parameters, ...values });
            check();
          }}
        />
      ) : null}
      {step.name === 'checking' ? <Spinner label={t('bulk.checking')} /> : null}
      {step.name === 'running' ? <Spinner label={t('bulk.running')} /> : null}
      {step.name === 'confirm' ? (
        <Confirmation
          action={action}
          preview={step.preview}
          parameters={parameters}
          destructive={spec.destructive}
          // The notification's form starts empty again: going back would lose the text.
          onBack={spec.form === 'group' || spec.form === 'roles' ? () => setStep({ name: 'form' }) : undefined}
          onCancel={onClose}
          onConfirm={() => confirm(step.preview)}
        />
      ) : null}
      {step.name === 'changed' ? (
        <>
          <Alert tone="warning">{t('bulk.changed')}</Alert>
          <div className="dialog__actions">
            <Button variant="secondary" onPress={onClose}>
              {t('common:cancel')}
            </Button>
            <Button variant="primary" onPress={check} autoFocus>
              {t('bulk.checkAgain')}
            </Button>
          </div>
        </>
      ) : null}
      {step.name === 'failed' ? (
        <>
          <FormError message={step.message} />
          <div className="dialog__actions">
            <Button variant="secondary" onPress={onClose}>
              {t('common:cancel')}
            </Button>
            <Button variant="primary" onPress={() => (step.retry === 'run' && step.preview ? confirm(step.preview) : check())}>
              {t('bulk.tryAgain')}
            </Button>
          </div>
        </>
      ) : null}
      {step.name === 'result' ? <Results answer={step.answer} onClose={onClose} /> : null}
    </Dialog>
  );
}

interface ConfirmationProps {
  action: BulkAction;
  preview: BulkPreview;
  parameters: BulkParameters;
  destructive: boolean;
  onBack?(): void;
  onCancel(): void;
  onConfirm(): void;
}

/** The exact count in words, and the run button only when the action may run on it. */
function Confirmation({ action, preview, parameters, destructive, onBack, onCancel, onConfirm }: ConfirmationProps) {
  const { t } = useTranslation(['user-list', 'users']);
  const groups = (names: readonly string[]) => names.map((name) => groupLabel(name, t)).join(', ');
  const runnable = !preview.over_cap && preview.count > 0;
  return (
    <>
      <div className="dialog__body">
        {preview.over_cap ? (
          <Alert tone="warning">{t('bulk.overCap', { count: preview.count, cap: preview.cap })}</Alert>
        ) : preview.count === 0 ? (
          <Alert tone="info">{t('bulk.nobody')}</Alert>
        ) : (
          <p className="bulk-dialog__count">{t(`actions.${action}.confirm`, { count: preview.count, group: groupLabel(parameters.group, t) })}</p>
        )}
        {runnable && action === 'manage_roles' ? (
          <ul className="bulk-dialog__details">
            {parameters.add.length > 0 ? <li>{t('bulk.adding', { groups: groups(parameters.add) })}</li> : null}
            {parameters.remove.length > 0 ? <li>{t('bulk.removing', { groups: groups(parameters.remove) })}</li> : null}
          </ul>
        ) : null}
        {runnable && action === 'send_notification' ? <p className="bulk-dialog__details">{t('bulk.subjectIs', { subject: parameters.subject.trim() })}</p> : null}
      </div>
      <div className="dialog__actions">
        {onBack ? (
          <Button variant="quiet" onPress={onBack}>
            {t('bulk.back')}
          </Button>
        ) : null}
        <Button variant="secondary" onPress={onCancel} autoFocus={!runnable}>
          {t('common:cancel')}
        </Button>
        {runnable ? (
          <Button variant={destructive ? 'danger' : 'primary'} onPress={onConfirm} autoFocus>
            {t(`actions.${action}.run`)}
          </Button>
        ) : null}
      </div>
    </>
  );
}

/** The counts, then each user's outcome in words (the skipped first: they are what needs a look). */
function Results({ answer, onClose }: { answer: BulkAnswer; onClose(): void }) {
  const { t } = useTranslation('user-list');
  const ordered = [...answer.results.filter((r) => r.outcome === 'skipped'), ...answer.results.filter((r) => r.outcome === 'done')];
  const shown = ordered.slice(0, RESULT_ROWS);
  const outcomeText = (row: BulkResult) => (row.outcome === 'done' ? t('bulk.done') : t('bulk.skipped', { reason: row.reason ? t(`bulkSkip.${row.reason}`) : t('bulkSkip.unknown_user') }));
  const columns: DataColumn<BulkResult>[] = [
    { id: 'name', kind: 'text', title: t('columns.name'), isRowHeader: true, text: (row) => row.full_name || row.username },
    { id: 'username', kind: 'text', title: t('columns.username'), width: '12rem', text: (row) => row.username },
    {
      id: 'outcome',
      kind: 'text',
      title: t('bulk.outcome'),
      width: '45%',
      text: outcomeText,
      render: (row) => (
        <span className={row.outcome === 'done' ? 'user-outcome user-outcome--done' : 'user-outcome user-outcome--skipped'}>
          <Icon name={row.outcome === 'done' ? 'check' : 'dash'} />{' '}
          {outcomeText(row)}
        </span>
      ),
    },
  ];
  return (
    <>
      <div className="dialog__body">
        <Alert tone={answer.skipped > 0 ? 'warning' : 'success'} title={t(`actions.${answer.action}.finished`)}>
          <ul className="bulk-dialog__summary">
            <li>{t('bulk.summary.done', { count: answer.done })}</li>
            <li>{t('bulk.summary.skipped', { count: answer.skipped })}</li>
          </ul>
        </Alert>
        {shown.length > 0 ? (
          <div className="bulk-dialog__results">
            <DataTable label={t('bulk.resultTable')} columns={columns} rows={shown} rowKey={(row) => row.user_id} />
          </div>
        ) : null}
        {ordered.length > shown.length ? <p className="muted">{t('bulk.shownFirst', { shown: shown.length, total: ordered.length })}</p> : null}
      </div>
      <div className="dialog__actions">
        <Button variant="primary" onPress={onClose} autoFocus>
          {t('bulk.close')}
        </Button>
      </div>
    </>
  );
}
