import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { Dialog } from '../../components/dialog';
import { FormFieldMessage, FormRootError, FormTextAreaField, FormTextField } from '../../components/form-fields';
import { notifySuccess } from '../../components/toast';
import { PERMISSION_CATALOGUE } from '../../../shared/auth/permissions';
import { groupCreate, groupUpdate, type GroupCreate, type GroupItem } from '../../../shared/api/users';
import { describeRefusal } from '../../lib/error-translator';
import { topField, useSchemaForm } from '../../lib/form';
import { useCreateGroup, useUpdateGroup } from './detail-api';
import { appLabel, groupLabel, PERMISSION_APPS, permissionLabel } from './group-names';

// One group's name, description and permissions (checkboxes grouped by app, from the catalogue),
// or a new group. A builtin group keeps its name: the access rules name it. Saved with the version
// read; when someone saved it since (412) the dialog offers the group as it is stored now.

interface GroupValues {
  name: string;
  description: string;
  permissions: string[];
}

export function GroupDialog({ group, onClose, onReload }: { group: GroupItem | null; onClose(): void; onReload(): void }) {
  const { t } = useTranslation(['users', 'common']);
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const save = group ? update : create;
  const refusal = save.error ? describeRefusal(save.error, t) : null;
  const form = useSchemaForm<GroupValues, GroupCreate>({
    schema: group ? groupUpdate : groupCreate,
    defaultValues: { name: group?.name ?? '', description: group?.description ?? '', permissions: group?.permissions ?? [] },
    toRequest: (values) => (group ? { ...values, version: group.version } : values),
    fieldOf: topField,
    refusal: save.error,
    onEdited: () => save.error && save.reset(),
  });
  const { control } = form;
  const permissions = useWatch({ control, name: 'permissions' });
  const toggle = (permission: string, on: boolean) => {
    const others = permissions.filter((p) => p !== permission);
    form.setValue('permissions', on ? [...others, permission] : others, { shouldDirty: true });
  };

  const submit = (body: GroupCreate) => {
    const done = () => {
      notifySuccess(group ? 'saved' : 'created', body.name);
      onClose();
    };
    if (group) update.mutate({ id: group.id, body: { ...body, version: group.version } }, { onSuccess: done });
    else create.mutate(body, { onSuccess: done });
  };

  return (
    <Dialog
      holdsUnsavedWork
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={group ? t('groups.editTitle', { name: groupLabel(group.name, t) }) : t('groups.create')}
      isBusy={save.isPending}
      size="wide"
    >
      <Form
        className="form group-form"
        validationBehavior="aria"
        onSubmit={(event) => void form.handleSubmit(submit)(event)}
      >
        <FormTextField
          control={control}
          name="name"
          label={t('groups.name')}
          isReadOnly={group?.builtin}
          description={group?.builtin ? t('groups.builtinName') : undefined}
          isRequired
        />
        <FormTextAreaField control={control} name="description" label={t('groups.description')} rows={2} />
        <div className="group-form__apps">
          {PERMISSION_APPS.map((app) => (
            <fieldset key={app} className="form-group form-group--plain">
              <legend>{appLabel(app, t)}</legend>
              <div className="user-form__checks user-form__checks--column">
                {PERMISSION_CATALOGUE[app].map((codename) => {
                  const permission = `${app}.${codename}`;
                  return (
                    <Checkbox key={permission} isSelected={permissions.includes(permission)} onChange={(on) => toggle(permission, on)}>
                      {permissionLabel(permission, t)}
                    </Checkbox>
                  );
                })}
              </div>
            </fieldset>
          ))}
        </div>
        <FormFieldMessage control={control} name="permissions" />
        <FormRootError control={control} message={refusal?.formMessage} />
        {refusal?.status === 412 ? (
          <div>
            <Button variant="secondary" onPress={onReload}>
              {t('form.reload')}
            </Button>
          </div>
        ) : null}
        <div className="dialog__actions">
          <Button variant="secondary" onPress={onClose} isDisabled={save.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="primary" isPending={save.isPending}>
            {t(group ? 'form.save' : 'groups.createButton')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
