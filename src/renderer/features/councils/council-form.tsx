import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { Link } from 'react-router-dom';
import type { TFunction } from 'i18next';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { FormError } from '../../components/form-error';
import { MultiSelectMenu } from '../../components/multi-select-menu';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { TextAreaField } from '../../components/text-area-field';
import { TextField } from '../../components/text-field';
import { translateError } from '../../lib/error-translator';
import { COUNCIL_LIMITS, COUNCIL_MESSAGES, type CouncilCreate, type CouncilDetail } from '../../../shared/api/councils';
import { ACADEMIC_FIELD_CATEGORIES, type AcademicFieldCategory } from '../../../shared/domain/application-status';
import { useMemberOptions } from './api';

// The council's fields (spec §3): name, description, members chosen from the council-member users,
// the chair among them, areas of expertise (academic field categories), quorum and state. Checked
// here with the server's rules before sending; the server's own refusals land on the same fields.

export interface CouncilFormValues {
  name_en: string;
  name_sq: string;
  name_sr: string;
  description: string;
  members: string[];
  chair: string;
  areas: AcademicFieldCategory[];
  quorum: string;
  active: boolean;
}

/** A council is named in each interface language; English is required, the others fall back to it. */
const NAME_FIELDS = ['name_en', 'name_sq', 'name_sr'] as const;
type NameField = (typeof NAME_FIELDS)[number];

export type FieldErrors = Partial<Record<NameField | 'description' | 'members' | 'chair' | 'areas' | 'quorum', string>>;

export const emptyCouncilForm = (): CouncilFormValues => ({ name_en: '', name_sq: '', name_sr: '', description: '', members: [], chair: '', areas: [], quorum: '2', active: true });

export function councilFormOf(council: CouncilDetail): CouncilFormValues {
  return {
    name_en: council.name_en,
    name_sq: council.name_sq,
    name_sr: council.name_sr,
    description: council.description,
    members: council.members.map((member) => String(member.id)),
    chair: council.chair_id === null ? '' : String(council.chair_id),
    areas: council.academic_field_categories,
    quorum: String(council.quorum),
    active: council.active,
  };
}

const MESSAGE_KEYS = new Map<string, string>(Object.entries(COUNCIL_MESSAGES).map(([key, text]) => [text, `councils:messages.${key}`]));
/** The server's English field message in the reader's language (one it already translated stays as it came). */
export const councilMessage = (message: string, t: TFunction) => (MESSAGE_KEYS.has(message) ? t(MESSAGE_KEYS.get(message)!) : message);

/** The form's values as the request, or what is wrong with them (in the reader's language). */
export function checkCouncilForm(values: CouncilFormValues, t: TFunction): { request: CouncilCreate | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const names = { name_en: values.name_en.trim(), name_sq: values.name_sq.trim(), name_sr: values.name_sr.trim() };
  if (names.name_en === '') errors.name_en = t('messages.required');
  for (const field of NAME_FIELDS) if (names[field].length > COUNCIL_LIMITS.name) errors[field] = t('form.tooLong', { count: COUNCIL_LIMITS.name });
  if (values.description.length > COUNCIL_LIMITS.description) errors.description = t('form.tooLong', { count: COUNCIL_LIMITS.description });
  if (values.members.length === 0) errors.members = t('form.chooseMembers');
  if (!values.members.includes(values.chair)) errors.chair = values.chair === '' ? t('form.chooseChair') : t('messages.chairNotMember');
  if (values.areas.length === 0) errors.areas = t('messages.noField');
  const quorum = /^\d{1,3}$/.test(values.quorum.trim()) ? Number(values.quorum.trim()) : Number.NaN;
  if (!Number.isInteger(quorum) || quorum < 1) errors.quorum = t('form.quorumRange', { max: Math.max(1, values.members.length) });
  else if (values.members.length > 0 && quorum > values.members.length) errors.quorum = t('messages.quorumTooLarge');
  if (Object.keys(errors).length > 0) return { request: null, errors };
  return {
    request: {
      ...names,
      description: values.description.trim(),
      members: values.members.map(Number),
      chair: Number(values.chair),
      academic_field_categories: values.areas,
      quorum,
      active: values.active,
    },
    errors,
  };
}

/** A refused save: the server's field messages on our fields, else one message for the form. */
export function refusalOf(error: unknown, t: TFunction): { fields: FieldErrors; message: string | null; status: number | undefined } {
  if (!error) return { fields: {}, message: null, status: undefined };
  const translated = translateError(error, t);
  const fields: FieldErrors = {};
  for (const [path, messages] of Object.entries(translated.fieldErrors)) {
    const first = messages[0];
    if (!first) continue;
    const field = path.split('.')[0] === 'academic_field_categories' ? 'areas' : (path.split('.')[0] as keyof FieldErrors);
    if ([...NAME_FIELDS, 'description', 'members', 'chair', 'areas', 'quorum'].includes(field)) fields[field] ??= councilMessage(first, t);
  }
  const hasFields = Object.keys(fields).length > 0;
  return { fields, message: hasFields ? null : translated.message, status: translated.status };
}

export interface CouncilFormProps {
  initial: CouncilFormValues;
  cancelTo: string;
  isPending: boolean;
  serverErrors: FieldErrors;
  serverMessage: string | null;
  /** Shown with the server's message when the council changed since it was read (412). */
  onReload?: () => void;
  onSubmit(request: CouncilCreate): void;
  onEdited(): void;
}

export function CouncilForm({ initial, cancelTo, isPending, serverErrors, serverMessage, onReload, onSubmit, onEdited }: CouncilFormProps) {
  const { t } = useTranslation(['councils', 'common']);
  const options = useMemberOptions();
  const [values, setValues] = useState(initial);
  const [checked, setChecked] = useState<FieldErrors>({});
  const errors: FieldErrors = { ...serverErrors, ...checked };

  const change = (next: Partial<CouncilFormValues>) => {
    setValues((current) => ({ ...current, ...next }));
    setChecked({});
    onEdited();
  };

  const submit = () => {
    const { request, errors: found } = checkCouncilForm(values, t);
    if (!request) {
      setChecked(found);
      return;
    }
    onSubmit(request);
  };

  // Members already on the council stay listed even if they left the group (the server refuses them on save).
  const known = new Map((options.data ?? []).map((option) => [String(option.id), option.name]));
  const memberOptions = (options.data ?? []).map((option) => ({ value: String(option.id), label: option.name }));
  const chosen = values.members.map((id) => ({ value: id, label: known.get(id) ?? t('form.unknownMember', { id }) }));

  if (options.isPending) return <Spinner label={t('common:loading')} />;
  return (
    <Form
      className="form council-form"
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {options.isError ? <Alert tone="error">{translateError(options.error, t).message}</Alert> : null}
      <fieldset className="council-form__group">
        <legend>{t('form.basics')}</legend>
        {NAME_FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(`fields.${field}`)}
            description={field === 'name_en' ? undefined : t('form.otherNames')}
            value={values[field]}
            onChange={(name) => change({ [field]: name })}
            errorMessage={errors[field]}
            isRequired={field === 'name_en'}
          />
        ))}
        <TextAreaField label={t('fields.description')} value={values.description} onChange={(description) => change({ description })} errorMessage={errors.description} />
        <div className="council-form__row">
          <div className="council-form__choice">
            <MultiSelectMenu
              label={t('fields.areas')}
              emptySummary={t('form.noAreas')}
              options={ACADEMIC_FIELD_CATEGORIES.map((area) => ({ value: area, label: t(`areas.${area}`) }))}
              selected={values.areas}
              onChange={(areas) => change({ areas: areas as AcademicFieldCategory[] })}
            />
            {errors.areas ? <p className="field__error council-form__error">{errors.areas}</p> : null}
          </div>
          <Checkbox isSelected={values.active} onChange={(active) => change({ active })}>
            {t('form.activeLabel')}
          </Checkbox>
        </div>
        <p className="field__description">{t('form.activeHelp')}</p>
      </fieldset>
      <fieldset className="council-form__group">
        <legend>{t('form.membership')}</legend>
        <div className="council-form__row">
          <div className="council-form__choice">
            <MultiSelectMenu
              label={t('fields.members')}
              emptySummary={t('form.noMembers')}
              options={memberOptions}
              selected={values.members}
              onChange={(members) => change({ members, chair: members.includes(values.chair) ? values.chair : '' })}
            />
            {errors.members ? <p className="field__error council-form__error">{errors.members}</p> : null}
          </div>
          <SelectField
            label={t('fields.chair')}
            value={values.chair}
            placeholder={t('form.chooseChair')}
            options={chosen}
            onChange={(chair) => change({ chair })}
            errorMessage={errors.chair}
            isDisabled={chosen.length === 0}
          />
          <TextField
            label={t('fields.quorum')}
            description={t('form.quorumHelp')}
            value={values.quorum}
            inputMode="numeric"
            onChange={(quorum) => change({ quorum })}
            errorMessage={errors.quorum}
          />
        </div>
        {chosen.length > 0 ? (
          <ul className="council-form__members" aria-label={t('form.chosenMembers')}>
            {chosen.map((member) => (
              <li key={member.value}>
                {member.label}
                {member.value === values.chair ? <span className="badge badge--info">{t('detail.chair')}</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </fieldset>
      <FormError message={serverMessage} />
      {onReload ? (
        <div>
          <Button variant="secondary" onPress={onReload}>
            {t('form.reload')}
          </Button>
        </div>
      ) : null}
      <div className="form-actions">
        <Link to={cancelTo} className="button button--secondary">
          {t('common:cancel')}
        </Link>
        <Button type="submit" variant="primary" isPending={isPending}>
          {t('form.save')}
        </Button>
      </div>
    </Form>
  );
}
