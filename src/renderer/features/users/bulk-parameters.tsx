import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../components/button';
import { FormMultiSelectMenu, FormSelectField } from '../../components/form-fields';
import { ownCheck, useSchemaForm, type SchemaFormOptions } from '../../lib/form';
import { bulkRequest, type BulkAction } from '../../../shared/api/users';
import { useGroups } from './detail-api';
import { groupLabel } from './group-names';

// What a role action asks before its count is checked: the group to add, or the groups to add and
// to remove, checked by the bulk request's own fields. (The notification's form is the details
// screen's, send-notification-form.tsx.)

type BulkOption = (typeof bulkRequest.options)[number];
/** The bulk request's schema for one action. */
function requestOf<A extends BulkAction>(action: A) {
  return bulkRequest.options.find((option): option is Extract<BulkOption, { shape: { action: z.ZodLiteral<A> } }> => option.shape.action.value === action)!;
}

const groupParameters = requestOf('assign_role').pick({ group: true });

/** The form's own rules (the server skips a change that does nothing, but a person meant one). */
const roleParameters = requestOf('manage_roles')
  .pick({ add: true, remove: true })
  .superRefine((request, context) => {
    if (request.add.length + request.remove.length === 0) context.addIssue({ code: 'custom', path: ['add'], params: ownCheck('user-list:parameters.chooseRoles') });
    else if (request.add.some((group) => request.remove.includes(group))) context.addIssue({ code: 'custom', path: ['add'], params: ownCheck('user-list:parameters.sameGroup') });
  });

export interface RoleParameters {
  group: string;
  add: string[];
  remove: string[];
}

export interface BulkParametersFormProps {
  form: 'group' | 'roles';
  initial: RoleParameters;
  onCancel(): void;
  onSubmit(parameters: RoleParameters): void;
}

export function BulkParametersForm({ form: kind, initial, onCancel, onSubmit }: BulkParametersFormProps) {
  const { t } = useTranslation(['user-list', 'users', 'common']);
  const groups = useGroups();
  const groupOptions = (groups.data ?? []).map((group) => ({ value: group.name, label: groupLabel(group.name, t) }));
  const options: SchemaFormOptions<RoleParameters> =
    kind === 'group'
      ? { schema: groupParameters, defaultValues: initial, toRequest: ({ group }) => ({ group }), describe: (_issue, translate) => translate('user-list:parameters.chooseGroup') }
      : { schema: roleParameters, defaultValues: initial, toRequest: ({ add, remove }) => ({ add, remove }) };
  const form = useSchemaForm<RoleParameters>(options);
  const { control } = form;

  return (
    <form className="dialog__body bulk-dialog__form" noValidate onSubmit={(event) => void form.handleSubmit(() => onSubmit(form.getValues()))(event)}>
      {kind === 'group' ? (
        <FormSelectField control={control} name="group" isSearchable label={t('parameters.group')} options={groupOptions} openLabel={t('filters.showGroups')} />
      ) : (
        <div className="bulk-parameters">
          <FormMultiSelectMenu control={control} name="add" label={t('parameters.add')} emptySummary={t('parameters.none')} options={groupOptions} />
          <FormMultiSelectMenu control={control} name="remove" label={t('parameters.remove')} emptySummary={t('parameters.none')} options={groupOptions} />
        </div>
      )}
      <div className="dialog__actions">
        <Button variant="secondary" onPress={onCancel}>
          {t('common:cancel')}
        </Button>
        <Button variant="primary" type="submit">
          {t('bulk.continue')}
        </Button>
      </div>
    </form>
  );
}
