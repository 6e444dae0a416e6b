import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { Dialog } from '../../components/dialog';
import { FormError } from '../../components/form-error';
import { TextAreaField } from '../../components/text-area-field';
import { TextField } from '../../components/text-field';
import { notifySuccess } from '../../components/toast';
import { PERMISSION_CATALOGUE, type PermissionName } from '../../../shared/auth/permissions';
import { USER_LIMITS, type GroupItem } from '../../../shared/api/users';
import { useCreateGroup, useUpdateGroup } from './detail-api';
import { appLabel, groupLabel, PERMISSION_APPS, permissionLabel } from './group-names';
import { refusalOf } from './user-actions-refusal';

// One group's name, description and permissions (checkboxes grouped by app, from the catalogue),
// or a new group. A builtin group keeps its name: the access rules name it. Saved with the version
// read; when someone saved it since (412) the dialog offers the group as it is stored now.

type GroupErrors = Partial<Record<'name' | 'description' | 'permissions', string>>;

export function GroupDialog({ group, onClose, onReload }: { group: GroupItem | null; onClose(): void; onReload(): void }) {
  const { t } = useTranslation(['users', 'common']);
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const save = group ? update : create;
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [permissions, setPermissions] = useState<string[]>(group?.permissions ?? []);
  const [checked, setChecked] = useState<GroupErrors>({});
  const refusal = refusalOf(save.error, t);
  const errors: GroupErrors = { ...(refusal.fields as GroupErrors), ...checked };
  const edited = () => {
    setChecked({});
    if (save.error) save.reset();
  };
  const toggle = (permission: string, on: boolean) => {
    edited();
    setPermissions((current) => (on ? [...current.filter((p) => p !== permission), permission] : current.filter((p) => p !== permission)));
  };

  const submit = () => {
    const found: GroupErrors = {};
    if (name.trim() === '') found.name = t('messages.required');
    else if (name.trim().length > USER_LIMITS.groupName) found.name = t('form.tooLong', { count: USER_LIMITS.groupName });
    if (description.trim().length > USER_LIMITS.groupDescription) found.description = t('form.tooLong', { count: USER_LIMITS.groupDescription });
    setChecked(found);
    if (Object.keys(found).length > 0) return;
    const body = { name: name.trim(), description: description.trim(), permissions: permissions as PermissionName[] };
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
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label={t('groups.name')}
          value={name}
          onChange={(value) => {
            edited();
            setName(value);
          }}
          isReadOnly={group?.builtin}
          description={group?.builtin ? t('groups.builtinName') : undefined}
          errorMessage={errors.name}
          isRequired
        />
        <TextAreaField
          label={t('groups.description')}
          value={description}
          onChange={(value) => {
            edited();
            setDescription(value);
          }}
          errorMessage={errors.description}
          rows={2}
        />
        <div className="group-form__apps">
          {PERMISSION_APPS.map((app) => (
            <fieldset key={app} className="user-form__group user-form__group--plain">
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
        {errors.permissions ? <p className="field__error">{errors.permissions}</p> : null}
        <FormError message={refusal.message} />
        {refusal.status === 412 ? (
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
