import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { Dialog } from '../../components/dialog';
import { FormError } from '../../components/form-error';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { refusalText, translateError } from '../../lib/error-translator';
import type { UserDetail } from '../../../shared/api/users';
import { useGroups, useUpdateRoles } from './detail-api';
import { groupLabel } from './group-names';

/** Manage roles: the user's groups as checkboxes, saved with the version read (the server refuses the last administrator's or one's own demotion). */
export function RolesDialog({ user, isOpen, onClose }: { user: UserDetail; isOpen: boolean; onClose(): void }) {
  const { t } = useTranslation(['users', 'common']);
  const groups = useGroups();
  const save = useUpdateRoles(user.id);
  const [chosen, setChosen] = useState<string[]>(user.groups);
  const close = () => {
    save.reset();
    setChosen(user.groups);
    onClose();
  };
  const toggle = (name: string, on: boolean) => {
    save.reset();
    setChosen((current) => (on ? [...current.filter((group) => group !== name), name] : current.filter((group) => group !== name)));
  };
  return (
    <Dialog isOpen={isOpen} onOpenChange={(open) => !open && close()} title={t('actions.rolesTitle', { name: user.full_name })} isBusy={save.isPending}>
      <div className="dialog__body">
        {groups.isPending ? <Spinner label={t('common:loading')} /> : null}
        {groups.isError ? <Alert tone="error">{translateError(groups.error, t).message}</Alert> : null}
        <fieldset className="form-group form-group--plain">
          <legend>{t('fields.groups')}</legend>
          <div className="user-form__checks">
            {(groups.data ?? []).map((group) => (
              <Checkbox key={group.id} isSelected={chosen.includes(group.name)} onChange={(on) => toggle(group.name, on)}>
                {groupLabel(group.name, t)}
              </Checkbox>
            ))}
          </div>
        </fieldset>
      </div>
      <FormError message={refusalText(save.error, t)} />
      <div className="dialog__actions">
        <Button variant="secondary" onPress={close} isDisabled={save.isPending}>
          {t('common:cancel')}
        </Button>
        <Button
          variant="primary"
          isPending={save.isPending}
          isDisabled={!groups.data}
          onPress={() =>
            save.mutate(
              { groups: chosen, version: user.version },
              {
                onSuccess: () => {
                  notifySuccess('saved', user.full_name);
                  onClose();
                },
              },
            )
          }
        >
          {t('actions.saveRoles')}
        </Button>
      </div>
    </Dialog>
  );
}
