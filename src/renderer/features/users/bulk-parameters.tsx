import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { MultiSelectMenu } from '../../components/multi-select-menu';
import { SelectField } from '../../components/select-field';
import type { BulkForm, BulkParameters } from './bulk-actions';
import { useGroups } from './detail-api';
import { groupLabel } from './group-names';

// What a role action asks before its count is checked: the group to add, or the groups to add and
// to remove. (The notification's form is the details screen's, send-notification-form.tsx.)

export type ParameterErrors = Partial<Record<keyof BulkParameters, string>>;

/** The form's problems in the reader's words; none means the action may go on to its count. */
export function checkParameters(form: BulkForm, parameters: BulkParameters, t: TFunction): ParameterErrors {
  const errors: ParameterErrors = {};
  if (form === 'group' && parameters.group === '') errors.group = t('user-list:parameters.chooseGroup');
  if (form === 'roles') {
    if (parameters.add.length + parameters.remove.length === 0) errors.add = t('user-list:parameters.chooseRoles');
    else if (parameters.add.some((group) => parameters.remove.includes(group))) errors.add = t('user-list:parameters.sameGroup');
  }
  return errors;
}

export interface BulkParametersFormProps {
  form: 'group' | 'roles';
  parameters: BulkParameters;
  errors: ParameterErrors;
  onChange(parameters: BulkParameters): void;
}

export function BulkParametersForm({ form, parameters, errors, onChange }: BulkParametersFormProps) {
  const { t } = useTranslation(['user-list', 'users']);
  const groups = useGroups();
  const groupOptions = (groups.data ?? []).map((group) => ({ value: group.name, label: groupLabel(group.name, t) }));
  const set = (change: Partial<BulkParameters>) => onChange({ ...parameters, ...change });

  if (form === 'group') {
    return (
      <SelectField
        isSearchable
        label={t('parameters.group')}
        value={parameters.group}
        options={groupOptions}
        openLabel={t('filters.showGroups')}
        errorMessage={errors.group}
        isRequired
        onChange={(group) => set({ group })}
      />
    );
  }
  return (
    <div className="bulk-parameters">
      <MultiSelectMenu label={t('parameters.add')} emptySummary={t('parameters.none')} options={groupOptions} selected={parameters.add} onChange={(add) => set({ add })} />
      <MultiSelectMenu label={t('parameters.remove')} emptySummary={t('parameters.none')} options={groupOptions} selected={parameters.remove} onChange={(remove) => set({ remove })} />
      {errors.add ? (
        <p className="field__error" role="alert">
          {errors.add}
        </p>
      ) : null}
    </div>
  );
}
