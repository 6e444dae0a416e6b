import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, Form, Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import type { DeadlineConfiguration } from '../../../shared/api/deadlines';
import { DEADLINE_TYPES, REMINDER_FREQUENCIES, SERVICE_CATEGORIES } from '../../../shared/constants';
import { DEADLINE_CONDITIONS } from '../../../shared/domain/deadline-stages';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { Dialog } from '../../components/dialog';
import { FormError } from '../../components/form-error';
import { MultiSelectMenu } from '../../components/multi-select-menu';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { notifySuccess } from '../../components/toast';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { asTransportError } from '../../lib/transport-error';
import { useDeadlineConfiguration, useRecipientOptions, useSaveConfiguration } from './api';
import { checkDraft, draftOf, EMPTY_DRAFT, type ConfigurationDraft, type DraftField } from './configuration-draft';
import { translateFieldMessage } from './field-messages';
import { localName } from './local-name';

/**
 * Creates a deadline configuration (`id` null) or edits one: every field of spec §3, the rules
 * between them checked by the shared schema before sending, the server's field errors under
 * their fields.
 */
export function ConfigurationDialog({ id, onClose }: { id: number | null; onClose(): void }) {
  const { t } = useTranslation(['deadlines', 'common']);
  const stored = useDeadlineConfiguration(id);
  const save = useSaveConfiguration();
  const missing = stored.isError && asTransportError(stored.error).status === 404;
  // One dialog from loading to saved, so focus and the screen reader stay in it.
  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && !save.isPending && onClose()} title={id === null ? t('form.createTitle') : t('form.editTitle')} isBusy={save.isPending} size="wide">
      {id === null || stored.data ? (
        <ConfigurationForm key={stored.data?.version ?? 'new'} stored={stored.data ?? null} save={save} onClose={onClose} />
      ) : (
        <>
          {stored.isError ? (
            <Alert tone="error" title={missing ? t('form.notFound') : isAccessDenied(stored.error) ? t('noAccess') : translateError(stored.error, t).message} />
          ) : (
            <Spinner label={t('common:loading')} />
          )}
          <div className="dialog__actions">
            <Button onPress={onClose}>{t('form.close')}</Button>
          </div>
        </>
      )}
    </Dialog>
  );
}

interface FormProps {
  stored: DeadlineConfiguration | null;
  save: ReturnType<typeof useSaveConfiguration>;
  onClose(): void;
}

function ConfigurationForm({ stored, save, onClose }: FormProps) {
  const { t } = useTranslation(['deadlines', 'common']);
  const { language } = useFormat();
  const [draft, setDraft] = useState<ConfigurationDraft>(() => (stored ? draftOf(stored) : EMPTY_DRAFT));
  const [checked, setChecked] = useState<Partial<Record<DraftField, string>>>({});
  const recipients = useRecipientOptions(draft.escalation_enabled);
  const server = save.error ? translateError(save.error, t) : null;
  const known = new Set<string>(Object.keys(EMPTY_DRAFT));
  const otherServerMessages = server
    ? [...Object.entries(server.fieldErrors).filter(([field]) => !known.has(field)).flatMap(([, messages]) => messages), ...server.formErrors].map((message) =>
        translateFieldMessage(message, t),
      )
    : [];

  const errorOf = (field: DraftField): string | undefined => {
    const message = checked[field] ?? server?.fieldErrors[field]?.[0];
    return message ? translateFieldMessage(message, t) : undefined;
  };
  // A field's message stays until the field is changed.
  const set = <F extends DraftField>(field: F, value: ConfigurationDraft[F]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setChecked(({ [field]: _changed, ...rest }) => rest as Partial<Record<DraftField, string>>);
    if (save.error) save.reset();
  };

  const submit = () => {
    const result = checkDraft(draft, stored ? stored.version : null);
    if (!result.ok) {
      setChecked(result.errors);
      return;
    }
    setChecked({});
    save.mutate(stored ? { id: stored.id, body: { ...result.body, version: stored.version } } : { id: null, body: result.body }, {
      onSuccess: (saved) => {
        notifySuccess(stored ? 'updated' : 'created', t(stored ? 'form.updated' : 'form.created', { name: localName(saved, language) }));
        onClose();
      },
    });
  };

  const text = (field: 'name_en' | 'name_sq' | 'name_sr' | 'days_from_start' | 'reminder_days_before' | 'escalation_days_after', numeric = false) => (
    <TextField
      label={t(`fields.${field}`)}
      value={draft[field]}
      onChange={(value) => set(field, value)}
      errorMessage={errorOf(field)}
      inputMode={numeric ? 'numeric' : undefined}
      isRequired={!numeric || field === 'days_from_start'}
    />
  );
  const recipientOptions = [
    ...(recipients.data?.groups ?? []).map((group) => ({ value: `group:${group.id}`, label: t('form.groupRecipient', { name: group.name }) })),
    ...(recipients.data?.users ?? []).map((user) => ({ value: `user:${user.id}`, label: `${user.full_name} (${user.username})` })),
  ];
  // Recipients saved earlier stay listed (by name) even before the options load.
  for (const saved of stored?.escalation_recipients ?? []) {
    const value = `${saved.kind}:${saved.id}`;
    if (!recipientOptions.some((option) => option.value === value)) recipientOptions.push({ value, label: saved.kind === 'group' ? t('form.groupRecipient', { name: saved.name }) : saved.name });
  }
  const recipientsError = errorOf('escalation_recipients');

  return (
      <Form
        className="deadline-form"
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset className="deadline-form__group">
          <legend>{t('form.names')}</legend>
          <div className="deadline-form__grid">
            {text('name_en')}
            {text('name_sq')}
            {text('name_sr')}
          </div>
        </fieldset>
        <fieldset className="deadline-form__group">
          <legend>{t('form.clock')}</legend>
          <div className="deadline-form__grid">
            <SelectField
              label={t('fields.deadline_type')}
              value={draft.deadline_type}
              placeholder={t('form.choose')}
              options={DEADLINE_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
              onChange={(value) => set('deadline_type', value as ConfigurationDraft['deadline_type'])}
              errorMessage={errorOf('deadline_type')}
              isRequired
            />
            <SelectField
              label={t('fields.service_category')}
              value={draft.service_category}
              placeholder={t('form.choose')}
              options={SERVICE_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
              onChange={(value) => set('service_category', value as ConfigurationDraft['service_category'])}
              errorMessage={errorOf('service_category')}
              isRequired
            />
            {text('days_from_start', true)}
          </div>
          <Checkbox isSelected={draft.working_days} onChange={(value) => set('working_days', value)}>
            {t('fields.working_days')}
          </Checkbox>
        </fieldset>
        <fieldset className="deadline-form__group">
          <legend>{t('form.obligation')}</legend>
          <Checkbox isSelected={draft.mandatory} onChange={(value) => set('mandatory', value)}>
            {t('fields.mandatory')}
          </Checkbox>
          <Checkbox isSelected={draft.mandatory_by_law} onChange={(value) => set('mandatory_by_law', value)}>
            {t('fields.mandatory_by_law')}
          </Checkbox>
          {draft.mandatory_by_law ? (
            <AriaTextField value={draft.legal_basis} onChange={(value) => set('legal_basis', value)} isInvalid={Boolean(errorOf('legal_basis'))} isRequired className="field">
              <Label className="field__label">{t('fields.legal_basis')}</Label>
              <TextArea className="field__input" rows={3} />
              <FieldError className="field__error">{errorOf('legal_basis')}</FieldError>
            </AriaTextField>
          ) : null}
          <Checkbox isSelected={draft.conditional} onChange={(value) => set('conditional', value)}>
            {t('fields.conditional')}
          </Checkbox>
          {draft.conditional ? (
            <SelectField
              label={t('fields.condition')}
              value={draft.condition}
              placeholder={t('form.choose')}
              options={DEADLINE_CONDITIONS.map((value) => ({ value, label: t(`conditions.${value}`) }))}
              onChange={(value) => set('condition', value as ConfigurationDraft['condition'])}
              errorMessage={errorOf('condition')}
              isRequired
            />
          ) : null}
        </fieldset>
        <fieldset className="deadline-form__group">
          <legend>{t('form.reminder')}</legend>
          <Checkbox isSelected={draft.reminder_enabled} onChange={(value) => set('reminder_enabled', value)}>
            {t('fields.reminder_enabled')}
          </Checkbox>
          {draft.reminder_enabled ? (
            <div className="deadline-form__grid">
              {text('reminder_days_before', true)}
              <SelectField
                label={t('fields.reminder_frequency')}
                value={draft.reminder_frequency}
                placeholder={t('form.choose')}
                options={REMINDER_FREQUENCIES.map((value) => ({ value, label: t(`frequencies.${value}`) }))}
                onChange={(value) => set('reminder_frequency', value as ConfigurationDraft['reminder_frequency'])}
                errorMessage={errorOf('reminder_frequency')}
                isRequired
              />
            </div>
          ) : null}
        </fieldset>
        <fieldset className="deadline-form__group">
          <legend>{t('form.escalation')}</legend>
          <Checkbox isSelected={draft.escalation_enabled} onChange={(value) => set('escalation_enabled', value)}>
            {t('fields.escalation_enabled')}
          </Checkbox>
          {draft.escalation_enabled ? (
            <div className="deadline-form__grid">
              {text('escalation_days_after', true)}
              <div>
                <MultiSelectMenu
                  label={t('fields.escalation_recipients')}
                  options={recipientOptions}
                  selected={draft.escalation_recipients}
                  onChange={(values) => set('escalation_recipients', values)}
                  emptySummary={recipients.isPending ? t('common:loading') : t('form.noRecipients')}
                />
                {recipientsError ? (
                  <p className="field__error" role="alert">
                    {recipientsError}
                  </p>
                ) : null}
              </div>
            </div>
          ) : null}
        </fieldset>
        {server && Object.keys(server.fieldErrors).length === 0 ? <Alert tone="error" title={server.message} /> : null}
        <FormError details={otherServerMessages} />
        <div className="dialog__actions">
          <Button onPress={onClose} isDisabled={save.isPending}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" variant="primary" isPending={save.isPending}>
            {stored ? t('form.saveChanges') : t('form.create')}
          </Button>
        </div>
      </Form>
  );
}
