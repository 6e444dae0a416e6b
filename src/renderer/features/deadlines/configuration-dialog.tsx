import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { useController, useWatch } from 'react-hook-form';
import type { DeadlineConfiguration, DeadlineConfigurationUpdate } from '../../../shared/api/deadlines';
import { DEADLINE_TYPES, REMINDER_FREQUENCIES, SERVICE_CATEGORIES } from '../../../shared/constants';
import { DEADLINE_CONDITIONS } from '../../../shared/domain/deadline-stages';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormCheckbox, FormFieldMessage, FormRootError, FormSelectField, FormTextAreaField, FormTextField } from '../../components/form-fields';
import { MultiSelectMenu } from '../../components/multi-select-menu';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { describeRefusal, isAccessDenied, translateError } from '../../lib/error-translator';
import { useSchemaForm } from '../../lib/form';
import { useFormat } from '../../lib/format';
import { asTransportError } from '../../lib/transport-error';
import { useDeadlineConfiguration, useRecipientOptions, useSaveConfiguration } from './api';
import { configurationForm, draftOf, EMPTY_DRAFT, type ConfigurationDraft } from './configuration-draft';
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

/** The form's fields of a whole number of days, typed as text. */
type DaysField = 'days_from_start' | 'reminder_days_before' | 'escalation_days_after';

function ConfigurationForm({ stored, save, onClose }: FormProps) {
  const { t } = useTranslation(['deadlines', 'common']);
  const { language } = useFormat();
  const form = useSchemaForm<ConfigurationDraft, DeadlineConfigurationUpdate>({
    ...configurationForm(stored ? stored.version : null),
    defaultValues: stored ? draftOf(stored) : EMPTY_DRAFT,
    // The server's field errors land on their fields; a field's message stays until it is changed.
    refusal: save.error,
    onEdited: () => save.error && save.reset(),
  });
  const { control } = form;
  const [escalationEnabled, reminderEnabled, mandatoryByLaw, conditional] = useWatch({ control, name: ['escalation_enabled', 'reminder_enabled', 'mandatory_by_law', 'conditional'] });
  const { field: chosenRecipients } = useController({ control, name: 'escalation_recipients' });
  const recipients = useRecipientOptions(escalationEnabled);
  // What the refusal says beyond the fields (a bare 403, a stale version …) is said with the form.
  const formMessage = save.error ? describeRefusal(save.error, t).formMessage : null;

  const submit = form.handleSubmit((body) => {
    save.mutate(stored ? { id: stored.id, body: { ...body, version: stored.version } } : { id: null, body }, {
      onSuccess: (saved) => {
        notifySuccess(stored ? 'updated' : 'created', t(stored ? 'form.updated' : 'form.created', { name: localName(saved, language) }));
        onClose();
      },
    });
  });

  const text = (field: 'name_en' | 'name_sq' | 'name_sr') => <FormTextField control={control} name={field} label={t(`fields.${field}`)} />;
  // A day count of a part switched on is asked for by the rules between fields, so only the days from start are marked required.
  const days = (field: DaysField) => <FormTextField control={control} name={field} label={t(`fields.${field}`)} inputMode="numeric" isRequired={field === 'days_from_start'} />;
  const recipientOptions = [
    ...(recipients.data?.groups ?? []).map((group) => ({ value: `group:${group.id}`, label: t('form.groupRecipient', { name: group.name }) })),
    ...(recipients.data?.users ?? []).map((user) => ({ value: `user:${user.id}`, label: `${user.full_name} (${user.username})` })),
  ];
  // Recipients saved earlier stay listed (by name) even before the options load.
  for (const saved of stored?.escalation_recipients ?? []) {
    const value = `${saved.kind}:${saved.id}`;
    if (!recipientOptions.some((option) => option.value === value)) recipientOptions.push({ value, label: saved.kind === 'group' ? t('form.groupRecipient', { name: saved.name }) : saved.name });
  }

  return (
    <Form className="deadline-form" validationBehavior="aria" onSubmit={(event) => void submit(event)}>
      <fieldset className="form-group">
        <legend>{t('form.names')}</legend>
        <div className="deadline-form__grid">
          {text('name_en')}
          {text('name_sq')}
          {text('name_sr')}
        </div>
      </fieldset>
      <fieldset className="form-group">
        <legend>{t('form.clock')}</legend>
        <div className="deadline-form__grid">
          <FormSelectField
            control={control}
            name="deadline_type"
            label={t('fields.deadline_type')}
            placeholder={t('form.choose')}
            options={DEADLINE_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
          />
          <FormSelectField
            control={control}
            name="service_category"
            label={t('fields.service_category')}
            placeholder={t('form.choose')}
            options={SERVICE_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
          />
          {days('days_from_start')}
        </div>
        <FormCheckbox control={control} name="working_days">
          {t('fields.working_days')}
        </FormCheckbox>
      </fieldset>
      <fieldset className="form-group">
        <legend>{t('form.obligation')}</legend>
        <FormCheckbox control={control} name="mandatory">
          {t('fields.mandatory')}
        </FormCheckbox>
        <FormCheckbox control={control} name="mandatory_by_law">
          {t('fields.mandatory_by_law')}
        </FormCheckbox>
        {mandatoryByLaw ? <FormTextAreaField control={control} name="legal_basis" label={t('fields.legal_basis')} rows={3} isRequired /> : null}
        <FormCheckbox control={control} name="conditional">
          {t('fields.conditional')}
        </FormCheckbox>
        {conditional ? (
          <FormSelectField
            control={control}
            name="condition"
            label={t('fields.condition')}
            placeholder={t('form.choose')}
            options={DEADLINE_CONDITIONS.map((value) => ({ value, label: t(`conditions.${value}`) }))}
            isRequired
          />
        ) : null}
      </fieldset>
      <fieldset className="form-group">
        <legend>{t('form.reminder')}</legend>
        <FormCheckbox control={control} name="reminder_enabled">
          {t('fields.reminder_enabled')}
        </FormCheckbox>
        {reminderEnabled ? (
          <div className="deadline-form__grid">
            {days('reminder_days_before')}
            <FormSelectField
              control={control}
              name="reminder_frequency"
              label={t('fields.reminder_frequency')}
              placeholder={t('form.choose')}
              options={REMINDER_FREQUENCIES.map((value) => ({ value, label: t(`frequencies.${value}`) }))}
              isRequired
            />
          </div>
        ) : null}
      </fieldset>
      <fieldset className="form-group">
        <legend>{t('form.escalation')}</legend>
        <FormCheckbox control={control} name="escalation_enabled">
          {t('fields.escalation_enabled')}
        </FormCheckbox>
        {escalationEnabled ? (
          <div className="deadline-form__grid">
            {days('escalation_days_after')}
            <div>
              <MultiSelectMenu
                label={t('fields.escalation_recipients')}
                options={recipientOptions}
                selected={chosenRecipients.value}
                onChange={chosenRecipients.onChange}
                emptySummary={recipients.isPending ? t('common:loading') : t('form.noRecipients')}
              />
              <FormFieldMessage control={control} name="escalation_recipients" />
            </div>
          </div>
        ) : null}
      </fieldset>
      <FormRootError control={control} message={formMessage} />
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
