import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { describeRefusal } from '../../lib/error-translator';
import type { UserDetail } from '../../../shared/api/users';
import { useCreateUser, useUpdateUser, useUser } from './detail-api';
import { UserDetailLoadError } from './user-detail-load-error';
import { UserForm } from './user-form';
import { emptyUserForm, userFormOf } from './user-form-values';
import type { ShownPassword } from './user-actions-temporary-password';
import './users.css';

/** What the details screen is handed after a create: the temporary password to show once (never in the URL). */
export interface CreatedUserState {
  shownPassword: ShownPassword;
}

/** /users/create: a new user, then their details (with the temporary password when it is to be shown). */
export function UserCreateScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['users', 'nav', 'common']);
  const navigate = useNavigate();
  const create = useCreateUser();
  const initial = useMemo(() => emptyUserForm(), []);
  const refusal = create.error ? describeRefusal(create.error, t) : null;
  const edited = () => create.error && create.reset();
  return (
    <>
      <PageHeader title={t(titleKey, { ns: 'nav' })} description={t('form.createDescription')} />
      <UserForm
        mode="create"
        initial={initial}
        cancelTo="/users"
        isPending={create.isPending}
        refusal={create.error}
        serverMessage={refusal?.formMessage ?? null}
        onEdited={edited}
        onSubmit={(request) => {
          create.mutate(request, {
            onSuccess: ({ user, password }) => {
              notifySuccess('created', user.full_name);
              const state: CreatedUserState | undefined =
                password.temporary_password !== null ? { shownPassword: { password: password.temporary_password, expiresAt: password.expires_at } } : undefined;
              navigate(`/users/${user.id}`, { state });
            },
          });
        }}
      />
    </>
  );
}

/** /users/{id}/edit: every field again, saved with the version read (412 when someone saved since). */
export function UserEditScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['users', 'common']);
  const id = Number(useParams().userId);
  const detail = useUser(id);
  if (detail.isPending && detail.fetchStatus !== 'idle') return <Spinner label={t('common:loading')} />;
  if (!detail.data) return <UserDetailLoadError titleKey={titleKey} error={detail.error} />;
  // Keyed by version: a reload after someone else's save starts the form from what is stored now.
  return <UserEditForm key={detail.data.version} user={detail.data} titleKey={titleKey} reload={() => void detail.refetch()} />;
}

function UserEditForm({ user, titleKey, reload }: { user: UserDetail; titleKey: string; reload(): void }) {
  const { t } = useTranslation(['users', 'nav', 'common']);
  const navigate = useNavigate();
  const update = useUpdateUser(user.id);
  const initial = useMemo(() => userFormOf(user), [user]);
  const refusal = update.error ? describeRefusal(update.error, t) : null;
  const edited = () => update.error && update.reset();
  return (
    <>
      <PageHeader title={`${t(titleKey, { ns: 'nav' })}: ${user.full_name}`} description={t('form.editDescription')} />
      <UserForm
        mode="edit"
        version={user.version}
        initial={initial}
        cancelTo={`/users/${user.id}`}
        isPending={update.isPending}
        refusal={update.error}
        serverMessage={refusal?.formMessage ?? null}
        onReload={refusal?.status === 412 ? reload : undefined}
        onEdited={edited}
        onSubmit={(request) => {
          update.mutate(request, {
            onSuccess: () => {
              notifySuccess('saved', user.full_name);
              navigate(`/users/${user.id}`);
            },
          });
        }}
      />
    </>
  );
}
