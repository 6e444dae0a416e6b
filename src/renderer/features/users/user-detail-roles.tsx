import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { PermissionSource, UserDetail } from '../../../shared/api/users';
import { appLabel, appOf, groupLabel, permissionLabel } from './group-names';

// The roles tab: the user's groups, then every permission they hold, grouped by app, each with
// where it comes from (a group, a direct grant, NARIC Officers' implicit set of spec §6, superuser).

function sourceText(source: PermissionSource, t: TFunction): string {
  switch (source.kind) {
    case 'group':
      return t('roles.fromGroup', { group: groupLabel(source.group, t) });
    case 'direct':
      return t('roles.direct');
    case 'implicit':
      return t('roles.implicit', { group: groupLabel(source.group, t) });
    case 'superuser':
      return t('roles.superuser');
  }
}

export function UserRoles({ user }: { user: UserDetail }) {
  const { t } = useTranslation(['users', 'common']);
  const byApp = new Map<string, UserDetail['effective_permissions']>();
  for (const entry of user.effective_permissions) {
    const app = appOf(entry.permission);
    byApp.set(app, [...(byApp.get(app) ?? []), entry]);
  }
  return (
    <div className="user-roles">
      <section aria-labelledby="user-groups">
        <h2 id="user-groups" className="user-detail__heading">
          {t('fields.groups')}
        </h2>
        {user.is_superuser ? <p className="badge badge--info">{t('roles.superuserNote')}</p> : null}
        {user.groups.length === 0 ? (
          <p>{t('roles.noGroups')}</p>
        ) : (
          <ul className="user-roles__groups">
            {user.groups.map((group) => (
              <li key={group}>{groupLabel(group, t)}</li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="user-permissions">
        <h2 id="user-permissions" className="user-detail__heading">
          {t('roles.effective')}
        </h2>
        {byApp.size === 0 ? <p>{t('roles.noPermissions')}</p> : null}
        {[...byApp].map(([app, entries]) => (
          <section key={app} className="user-roles__app" aria-label={appLabel(app, t)}>
            <h3 className="user-roles__app-title">{appLabel(app, t)}</h3>
            <ul className="user-roles__permissions">
              {entries.map((entry) => (
                <li key={entry.permission}>
                  <span className="user-roles__permission">{permissionLabel(entry.permission, t)}</span>{' '}
                  <span className="user-roles__sources">({entry.sources.map((source) => sourceText(source, t)).join('; ')})</span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>
    </div>
  );
}
