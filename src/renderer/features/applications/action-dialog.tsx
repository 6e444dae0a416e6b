import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, TextArea, TextField as AriaTextField, Label, FieldError } from 'react-aria-components';
import type { ApplicationDetail, AssignableOfficer } from '../../../shared/api/applications';
import type { ApplicationStatus } from '../../../shared/domain/application-status';
import { WORKFLOW_ACTIONS, notesRequiredRefusal, type ActionName } from '../../../shared/domain/application-workflow';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { RefusalAlert } from '../../components/refusal-alert';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { useFormat } from '../../lib/format';
import { describeRefusal, refusalMessage, unshownFieldMessages } from '../../lib/error-translator';
import { useApplicationAction, useAssignableOfficers, useCouncils, useDocumentReview } from './api';

/** The request fields each action's dialog shows besides the notes. */
const FIELDS_OF: Partial<Record<ActionName, readonly string[]>> = {
  update_status: ['to'],
  move_to_council: ['council_id'],
  assign_officer: ['officer_id'],
  mark_paid: ['amount', 'transaction_id'],
};

export interface ActionDialogProps {
  application: ApplicationDetail;
  action: ActionName;
  /** update_status: the targets the workflow allows now. */
  targets?: readonly ApplicationStatus[];
  /** approve_document / reject_document: the documents it acts on (one, or several at once). */
  documents?: readonly { id: number; file_name: string }[];
  /** `summary`: what was done, naming what it was done to (several documents). */
  onClose(done: boolean, summary?: string): void;
  /** Fetches the application again; resolves once the fresh copy (and its version) is shown. */
  onReload(): Promise<unknown>;
}

/** Confirms one workflow action: its notes (required where the workflow says) and its own fields. */
export function ActionDialog({ application, action, targets = [], documents = [], onClose, onReload }: ActionDialogProps) {
  const { t } = useTranslation(['applications', 'errors']);
  const format = useFormat();
  const definition = WORKFLOW_ACTIONS[action];
  const single = useApplicationAction(application.id);
  const several = useDocumentReview(application.id);
  // Several documents go in one request (all or none); one document, as ever, through its action.
  const run = documents.length > 1 ? several : single;
  const councils = useCouncils();
  const officers = useAssignableOfficers(action === 'assign_officer');
  const [notes, setNotes] = useState('');
  const [to, setTo] = useState<string>(targets[0] ?? '');
  const [councilId, setCouncilId] = useState('');
  const [officerId, setOfficerId] = useState('');
  const [amount, setAmount] = useState('');
  const [transaction, setTransaction] = useState('');
  const [notesError, setNotesError] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const refusal = run.error ? describeRefusal(run.error, t, { 403: t('applications:errors.forbidden'), 412: t('applications:errors.stale') }) : null;
  const required = definition.notes === 'required';
  const label = t(`action.${action}`);
  // Field messages of fields this dialog shows sit under them; any other (e.g. document_id) goes in the alert.
  const otherFieldMessages = refusal ? unshownFieldMessages(refusal.fieldErrors, ['notes', ...(FIELDS_OF[action] ?? [])]) : [];

  const submit = () => {
    if (required && !notes.trim()) {
      setNotesError(refusalMessage(notesRequiredRefusal(action), {}, t));
      return;
    }
    setNotesError(null);
    const body: Record<string, unknown> = { version: application.version, notes: notes.trim() || undefined };
    if (action === 'update_status') body.to = to;
    if (action === 'move_to_council') body.council_id = Number(councilId);
    if (action === 'assign_officer') body.officer_id = officerId ? Number(officerId) : null;
    if (action === 'mark_paid') Object.assign(body, { amount, transaction_id: transaction });
    if (documents.length > 1 && (action === 'approve_document' || action === 'reject_document')) {
      several.mutate(
        { version: application.version, decision: action, document_ids: documents.map((document) => document.id), notes: notes.trim() || undefined },
        { onSuccess: ({ results }) => onClose(true, t('detail.reviewDone', { action: label, documents: results.map((result) => result.file_name).join(', ') })) },
      );
      return;
    }
    if (documents.length === 1) body.document_id = documents[0]!.id;
    single.mutate({ action, body }, { onSuccess: () => onClose(true, documents.length === 1 ? t('detail.reviewDone', { action: label, documents: documents[0]!.file_name }) : undefined) });
  };
  const officerOptions = (officers.data ?? [])
    .slice()
    .sort((a, b) => format.compare(a.full_name, b.full_name) || format.compare(a.username, b.username))
    .map((officer: AssignableOfficer) => ({
      value: String(officer.id),
      label: t('detail.officerOption', { name: officer.full_name, username: officer.username }),
      description: `${t(`detail.officerRole.${officer.role}`)} · ${t('detail.officerLoad', { count: officer.open_applications })}`,
    }));

  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && onClose(false)} title={label} isBusy={run.isPending || reloading}>
      <Form
        validationBehavior="aria"
        validationErrors={refusal?.fieldErrors}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p>{t('confirmText', { action: label, reference: application.reference })}</p>
        {documents.length > 0 ? (
          <>
            <p>{t('detail.documentsActedOn', { count: documents.length })}</p>
            <ul className="confirm-list">
              {documents.map((document) => (
                <li key={document.id}>{document.file_name}</li>
              ))}
            </ul>
          </>
        ) : null}
        {action === 'update_status' ? (
          <SelectField
            label={t('detail.newStatus')}
            value={to}
            options={targets.map((status) => ({ value: status, label: t(`status.${status}`) }))}
            onChange={setTo}
            isRequired
            errorMessage={refusal?.fieldErrors.to?.[0]}
          />
        ) : null}
        {action === 'move_to_council' ? (
          <SelectField
            label={t('detail.fields.chooseCouncil')}
            value={councilId}
            emptyLabel="—"
            options={format.sortedByName((councils.data ?? []).filter((c) => c.active)).map((c) => ({ value: String(c.id), label: format.name(c) }))}
            onChange={setCouncilId}
            isRequired
            errorMessage={refusal?.fieldErrors.council_id?.[0]}
          />
        ) : null}
        {action === 'assign_officer' ? (
          <SelectField
            label={t('detail.fields.chooseOfficer')}
            value={officerId}
            emptyLabel={t('detail.fields.nobody')}
            options={officerOptions}
            isSearchable
            placeholder={t('detail.officerSearch')}
            openLabel={t('detail.showAllOfficers')}
            onChange={setOfficerId}
            errorMessage={refusal?.fieldErrors.officer_id?.[0]}
          />
        ) : null}
        {action === 'mark_paid' ? (
          <>
            <TextField label={t('detail.fields.amount')} name="amount" value={amount} onChange={setAmount} isRequired inputMode="decimal" />
            <TextField label={t('detail.fields.transaction')} name="transaction_id" value={transaction} onChange={setTransaction} isRequired />
          </>
        ) : null}
        <AriaTextField
          name="notes"
          value={notes}
          onChange={(value) => {
            setNotes(value);
            setNotesError(null);
          }}
          isInvalid={notesError !== null || Boolean(refusal?.fieldErrors.notes)}
          className="field"
        >
          <Label className="field__label">{required ? t('detail.notes') : t('detail.notesOptional')}</Label>
          {/* Required notes are checked on submit with the workflow's own message, not the browser's. */}
          <TextArea className="field__input" rows={4} />
          <FieldError className="field__error">{notesError ?? refusal?.fieldErrors.notes?.[0]}</FieldError>
        </AriaTextField>
        {refusal && otherFieldMessages.length > 0 ? <RefusalAlert message={otherFieldMessages.join(' ')} /> : null}
        {refusal && !Object.keys(refusal.fieldErrors).length ? (
          <RefusalAlert
            message={refusal.message}
            reload={
              refusal.offerReload
                ? {
                    label: t('detail.reload'),
                    // The dialog stays (busy) until the fresh copy is in: closed at once, the officer
                    // could act again on the old version and be refused a second time.
                    onReload: () => {
                      setReloading(true);
                      void onReload().finally(() => onClose(false));
                    },
                  }
                : null
            }
          />
        ) : null}
        <div className="dialog__actions">
          <Button onPress={() => onClose(false)} isDisabled={run.isPending}>
            {t('detail.cancel')}
          </Button>
          <Button type="submit" variant={action.startsWith('reject') || action === 'invalidate' ? 'danger' : 'primary'} isPending={run.isPending}>
            {label}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
