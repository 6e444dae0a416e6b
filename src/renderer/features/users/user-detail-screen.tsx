import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { refusalText } from '../../lib/error-translator';
import type { UserDetail } from '../../../shared/api/users';
import { useUpdateUser, useUser } from './detail-api';
import { NotifyDialog } from './user-actions-notify-dialog';
import { ResetPasswordDialog } from './user-actions-password-dialog';
import { RolesDialog } from './user-actions-roles-dialog';
import { TemporaryPassword, type ShownPassword } from './user-actions-temporary-password';
import { TwoFactorDialog } from './user-actions-two-factor-dialog';
import { UserActivity } from './user-detail-activity';
import { UserDetailLoadError } from './user-detail-load-error';
import { UserPersonalInfo } from './user-detail-personal';
import { UserRoles } from './user-detail-roles';
import type { CreatedUserState } from './user-editor-screens';
import { userUpdateOf } from './user-form-values';
import './users.css';

type OpenAction = 'roles' | 'password' | 'notify' | 'two-factor' | 'active' | null;

/** /users/{id}: personal info, roles and permissions, activity and sessions, and the actions on the user. */
export function UserDetailScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['users', 'common']);
  const id = Number(useParams().userId);
  const detail = useUser(id);
  const shownPassword = useCreatedPassword();
  if (detail.isPending && detail.fetchStatus !== 'idle') return <Spinner label={t('common:loading')} />;
  if (!detail.data) return <UserDetailLoadError titleKey={titleKey} error={detail.error} />;
  return <UserDetailView user={detail.data} createdPassword={shownPassword} />;
}

/**
 * The temporary password the create screen handed over in the navigation state: kept in this
 * screen's memory and taken out of the history entry at once, so going back or reloading never
 * shows it again.
 */
function useCreatedPassword(): ShownPassword | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [shown] = useState<ShownPassword | null>(() => (location.state as CreatedUserState | null)?.shownPassword ?? null);
  useEffect(() => {
    if ((location.state as CreatedUserState | null)?.shownPassword) void navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate]);
  return shown;
}

function UserDetailView({ user, createdPassword }: { user: UserDetail; createdPassword: ShownPassword | null }) {
  const { t } = useTranslation(['users', 'common']);
  const [open, setOpen] = useState<OpenAction>(null);
  const [password, setPassword] = useState(createdPassword);
  const update = useUpdateUser(user.id);
  const directory = user.auth_source === 'ldap';
  const close = () => setOpen(null);

  const actions = (
    <>
      <Link to={`/users/${user.id}/edit`} className="button button--secondary">
        {t('actions.edit')}
      </Link>
      <Button onPress={() => setOpen('roles')}>{t('actions.manageRoles')}</Button>
      {directory ? null : <Button onPress={() => setOpen('password')}>{t('actions.resetPassword')}</Button>}
      <Button onPress={() => setOpen('notify')}>{t('actions.sendNotification')}</Button>
      {user.two_factor_enabled ? <Button onPress={() => setOpen('two-factor')}>{t('actions.turnOffTwoFactor')}</Button> : null}
      <Button variant={user.is_active ? 'danger' : 'primary'} onPress={() => setOpen('active')}>
        {t(user.is_active ? 'actions.deactivate' : 'actions.activate')}
      </Button>
    </>
  );

  return (
    <>
      <PageHeader title={user.full_name} description={`${user.username} · ${user.email}`} actions={actions} />
      <div className="user-detail__badges">
        <span className={user.is_active ? 'badge badge--success' : 'badge badge--danger'}>{t(user.is_active ? 'state.active' : 'state.inactive')}</span>
        <span className="badge">{t(directory ? 'sources.ldap' : 'sources.local')}</span>
        {user.is_self ? <span className="badge badge--info">{t('state.self')}</span> : null}
      </div>
      {password ? <TemporaryPassword shown={password} onDismiss={() => setPassword(null)} /> : null}
      {directory ? <Alert tone="info">{t('messages.directoryPassword')}</Alert> : null}
      <Tabs className="user-detail__tabs">
        <TabList aria-label={t('detail.tabsLabel')} className="tab-list">
          <Tab id="personal" className="tab">
            {t('detail.tabs.personal')}
          </Tab>
          <Tab id="roles" className="tab">
            {t('detail.tabs.roles')}
          </Tab>
          <Tab id="activity" className="tab">
            {t('detail.tabs.activity')}
          </Tab>
        </TabList>
        <TabPanel id="personal">
          <UserPersonalInfo user={user} />
        </TabPanel>
        <TabPanel id="roles">
          <UserRoles user={user} />
        </TabPanel>
        <TabPanel id="activity">
          <UserActivity user={user} />
        </TabPanel>
      </Tabs>

      <RolesDialog key={`roles-${user.version}`} user={user} isOpen={open === 'roles'} onClose={close} />
      {directory ? null : <ResetPasswordDialog user={user} isOpen={open === 'password'} onClose={close} />}
      <NotifyDialog user={user} isOpen={open === 'notify'} onClose={close} />
      {user.two_factor_enabled ? <TwoFactorDialog user={user} isOpen={open === 'two-factor'} onClose={close} /> : null}
      <ConfirmDialog
        isOpen={open === 'active'}
        onOpenChange={(isOpen) => {
          if (!isOpen) {
            update.reset();
            close();
          }
        }}
        title={t(user.is_active ? 'actions.deactivateTitle' : 'actions.activateTitle', { name: user.full_name })}
        message={t(user.is_active ? 'actions.deactivateMessage' : 'actions.activateMessage', { name: user.full_name })}
        confirmLabel={t(user.is_active ? 'actions.deactivate' : 'actions.activate')}
        isDestructive={user.is_active}
        isPending={update.isPending}
        error={refusalText(update.error, t)}
        onConfirm={() =>
          update.mutate(userUpdateOf(user, { is_active: !user.is_active }), {
            onSuccess: () => {
              notifySuccess('updated', user.full_name);
              close();
            },
          })
        }
      />
    </>
  );
}
