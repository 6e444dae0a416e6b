import { useTranslation } from 'react-i18next';
import { useController, useWatch } from 'react-hook-form';
import { Form } from 'react-aria-components';
import { Link } from 'react-router-dom';
import type { TFunction } from 'i18next';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FormCheckbox, FormFieldMessage, FormRootError, FormSelectField, FormTextAreaField, FormTextField } from '../../components/form-fields';
import { MultiSelectMenu } from '../../components/multi-select-menu';
import { Spinner } from '../../components/spinner';
import { describeRefusal, refusalMessage, translateError } from '../../lib/error-translator';
import { useSchemaForm, type SchemaForm } from '../../lib/form';
import type { ZodIssue } from '../../lib/zod-issue-message';
import { councilCreate, type CouncilDetail } from '../../../shared/api/councils';
import { ACADEMIC_FIELD_CATEGORIES, type AcademicFieldCategory } from '../../../shared/domain/application-status';
import type { z } from 'zod';
import { useMemberOptions } from './api';

// The council's fields (spec §3): its name in each language, description, members chosen from the council-member users,
// the chair among them, areas of expertise (academic field categories), quorum and state. Checked
// by the server's request schema (councilCreate) before sending; the server's own refusals land on
// the same fields.

export interface CouncilFormValues {
  name_en: string;
  name_sq: string;
  name_sr: string;
  description: string;
  /** The chosen users' ids, as the menu holds them. */
  members: string[];
  /** '' while no chair is chosen. */
  chair: string;
  academic_field_categories: AcademicFieldCategory[];
  /** As typed; a number in the request. */
  quorum: string;
  active: boolean;
}

/** A council is named in each interface language; English is required, the others fall back to it. */
const NAME_FIELDS = ['name_en', 'name_sq', 'name_sr'] as const;

/** What the form sends: the create request (an edit adds the version read). */
export type CouncilRequest = z.output<typeof councilCreate>;

export const emptyCouncilForm = (): CouncilFormValues => ({ name_en: '', name_sq: '', name_sr: '', description: '', members: [], chair: '', academic_field_categories: [], quorum: '2', active: true });

export function councilFormOf(council: CouncilDetail): CouncilFormValues {
  return {
    name_en: council.name_en,
    name_sq: council.name_sq,
    name_sr: council.name_sr,
    description: council.description,
    members: council.members.map((member) => String(member.id)),
    chair: council.chair_id === null ? '' : String(council.chair_id),
    academic_field_categories: council.academic_field_categories,
    quorum: String(council.quorum),
    active: council.active,
  };
}

/**
 * The request the values stand for. No chair chosen is the id 0, which no member has: the
 * schema refuses it while still comparing the other fields (a quorum above the members).
 */
function councilRequestOf(values: CouncilFormValues): unknown {
  const quorum = values.quorum.trim();
  return {
    name_en: values.name_en,
    name_sq: values.name_sq,
    name_sr: values.name_sr,
    description: values.description,
    members: values.members.map(Number),
    chair: Number(values.chair),
    academic_field_categories: values.academic_field_categories,
    quorum: quorum === '' ? undefined : Number(quorum),
    active: values.active,
  };
}

/**
 * The council form's own words for the schema's issues where a field says more than the shared
 * words; undefined: the shared words (a check between fields names its refusal code).
 */
function councilIssue(issue: ZodIssue, t: TFunction, memberCount: number): string | undefined {
  if (issue.code === 'custom') return undefined;
  switch (issue.path[0]) {
    case 'members':
      return issue.code === 'too_small' ? t('councils:form.chooseMembers') : undefined;
    case 'chair':
      return t('councils:form.chooseChair');
    case 'academic_field_categories':
      return issue.code === 'too_small' ? refusalMessage('council_no_field', {}, t) : undefined;
    case 'quorum':
      return t('councils:form.quorumRange', { max: Math.max(1, memberCount) });
    default:
      return undefined;
  }
}

export interface CouncilFormProps {
  initial: CouncilFormValues;
  cancelTo: string;
  isPending: boolean;
  /** The last refused save (the mutation's error): its field errors on the fields, the rest with the form. */
  refusal: unknown;
  /** Shown with the server's message when the council changed since it was read (412). */
  onReload?: () => void;
  onSubmit(request: CouncilRequest): void;
  onEdited(): void;
}

export function CouncilForm({ initial, cancelTo, isPending, refusal, onReload, onSubmit, onEdited }: CouncilFormProps) {
  const { t } = useTranslation(['councils', 'common']);
  const options = useMemberOptions();
  const form: SchemaForm<CouncilFormValues, CouncilRequest> = useSchemaForm<CouncilFormValues, CouncilRequest>({
    schema: councilCreate,
    defaultValues: initial,
    toRequest: councilRequestOf,
    describe: (issue, translate) => councilIssue(issue, translate, form.getValues('members').length),
    refusal,
    onEdited,
  });
  const { control } = form;
  const { field: members } = useController({ control, name: 'members' });
  const { field: areas } = useController({ control, name: 'academic_field_categories' });
  const chair = useWatch({ control, name: 'chair' });
  // The refusal's field errors are on the fields (the form's `refusal`); the rest is said with the form.
  const formMessage = refusal ? describeRefusal(refusal, t).formMessage : null;

  // Members already on the council stay listed even if they left the group (the server refuses them on save).
  const known = new Map((options.data ?? []).map((option) => [String(option.id), option.name]));
  const memberOptions = (options.data ?? []).map((option) => ({ value: String(option.id), label: option.name }));
  const chosen = members.value.map((id) => ({ value: id, label: known.get(id) ?? t('form.unknownMember', { id }) }));

  if (options.isPending) return <Spinner label={t('common:loading')} />;
  return (
    <Form className="form council-form" validationBehavior="aria" onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
      {options.isError ? <Alert tone="error">{translateError(options.error, t).message}</Alert> : null}
      <fieldset className="form-group">
        <legend>{t('form.basics')}</legend>
        {NAME_FIELDS.map((field) => (
          <FormTextField key={field} control={control} name={field} label={t(`fields.${field}`)} description={field === 'name_en' ? undefined : t('form.otherNames')} />
        ))}
        <FormTextAreaField control={control} name="description" label={t('fields.description')} />
        <div className="council-form__row">
          <div className="council-form__choice">
            <MultiSelectMenu
              label={t('fields.areas')}
              emptySummary={t('form.noAreas')}
              options={ACADEMIC_FIELD_CATEGORIES.map((area) => ({ value: area, label: t(`areas.${area}`) }))}
              selected={areas.value}
              onChange={(chosenAreas) => areas.onChange(chosenAreas as AcademicFieldCategory[])}
            />
            <FormFieldMessage control={control} name="academic_field_categories" />
          </div>
          <FormCheckbox control={control} name="active">
            {t('form.activeLabel')}
          </FormCheckbox>
        </div>
        <p className="field__description">{t('form.activeHelp')}</p>
      </fieldset>
      <fieldset className="form-group">
        <legend>{t('form.membership')}</legend>
        <div className="council-form__row">
          <div className="council-form__choice">
            <MultiSelectMenu
              label={t('fields.members')}
              emptySummary={t('form.noMembers')}
              options={memberOptions}
              selected={members.value}
              onChange={(chosenMembers) => {
                members.onChange(chosenMembers);
                // A chair taken off the members is no longer the chair.
                if (!chosenMembers.includes(form.getValues('chair'))) form.setValue('chair', '');
              }}
            />
            <FormFieldMessage control={control} name="members" />
          </div>
          <FormSelectField control={control} name="chair" label={t('fields.chair')} placeholder={t('form.chooseChair')} options={chosen} isDisabled={chosen.length === 0} />
          <FormTextField control={control} name="quorum" label={t('fields.quorum')} description={t('form.quorumHelp')} inputMode="numeric" />
        </div>
        {chosen.length > 0 ? (
          <ul className="council-form__members" aria-label={t('form.chosenMembers')}>
            {chosen.map((member) => (
              <li key={member.value}>
                {member.label}
                {member.value === chair ? <span className="badge badge--info">{t('detail.chair')}</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </fieldset>
      <FormRootError control={control} message={formMessage} />
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
