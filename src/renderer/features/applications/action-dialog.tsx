import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, TextArea, TextField as AriaTextField, Label, FieldError } from 'react-aria-components';
import type { ApplicationDetail } from '../../../shared/api/applications';
import type { ApplicationStatus } from '../../../shared/domain/application-status';
import { WORKFLOW_ACTIONS, notesRequiredMessage, type ActionName } from '../../../shared/domain/application-workflow';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { useFormat } from '../../lib/format';
import { useApplicationAction, useAssignableOfficers, useCouncils } from './api';
import { describeRefusal, notesMessageKey } from './action-errors';

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
  /** approve_document / reject_document. */
  documentId?: number;
  onClose(done: boolean): void;
  onReload(): void;
}

/** Confirms one workflow action: its notes (required where the workflow says) and its own fields. */
export function ActionDialog({ application, action, targets = [], documentId, onClose, onReload }: ActionDialogProps) {
  const { t } = useTranslation(['applications', 'errors']);
  const format = useFormat();
  const definition = WORKFLOW_ACTIONS[action];
  const run = useApplicationAction(application.id);
  const councils = useCouncils();
  const officers = useAssignableOfficers(action === 'assign_officer');
  const [notes, setNotes] = useState('');
  const [to, setTo] = useState<string>(targets[0] ?? '');
  const [councilId, setCouncilId] = useState('');
  const [officerId, setOfficerId] = useState('');
  const [amount, setAmount] = useState('');
  const [transaction, setTransaction] = useState('');
  const [notesError, setNotesError] = useState<string | null>(null);
  const refusal = run.error ? describeRefusal(run.error, t) : null;
  const required = definition.notes === 'required';
  const label = t(`action.${action}`);
  // Field messages of fields this dialog shows sit under them; any other (e.g. document_id) goes in the alert.
  const shownFields = new Set(['notes', ...(FIELDS_OF[action] ?? [])]);
  const otherFieldMessages = refusal
    ? Object.entries(refusal.fieldErrors)
        .filter(([field]) => !shownFields.has(field))
        .flatMap(([, messages]) => messages)
    : [];

  const submit = () => {
    if (required && !notes.trim()) {
      setNotesError(t(notesMessageKey(notesRequiredMessage(action))));
      return;
    }
    setNotesError(null);
    const body: Record<string, unknown> = { version: application.version, notes: notes.trim() || undefined };
    if (action === 'update_status') body.to = to;
    if (action === 'move_to_council') body.council_id = Number(councilId);
    if (action === 'assign_officer') body.officer_id = officerId ? Number(officerId) : null;
    if (action === 'mark_paid') Object.assign(body, { amount, transaction_id: transaction });
    if (documentId !== undefined) body.document_id = documentId;
    run.mutate({ action, body }, { onSuccess: () => onClose(true) });
  };

  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && onClose(false)} title={label} isBusy={run.isPending}>
      <Form
        validationBehavior="aria"
        validationErrors={refusal?.fieldErrors}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p>{t('confirmText', { action: label, reference: application.reference })}</p>
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
            options={(officers.data ?? []).map((o) => ({ value: String(o.id), label: `${o.full_name} (${o.open_applications})` }))}
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
        {refusal && otherFieldMessages.length > 0 ? <Alert tone="error" title={otherFieldMessages.join(' ')} /> : null}
        {refusal && !Object.keys(refusal.fieldErrors).length ? (
          <Alert tone="error" title={refusal.message}>
            {refusal.offerReload ? (
              <Button
                onPress={() => {
                  onReload();
                  onClose(false);
                }}
              >
                {t('detail.reload')}
              </Button>
            ) : null}
          </Alert>
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
