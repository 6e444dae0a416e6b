import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { currentUserAtom } from '../lib/session';
import { navigationFor } from './navigation-items';

export function Navigation() {
  const { t } = useTranslation('nav');
  const user = useAtomValue(currentUserAtom);
  const groups = navigationFor(user);
  return (
    <nav className="sidebar" aria-label={t('mainNavigation')}>
      {groups.map((group) => (
        <section key={group.area} className="sidebar__group" aria-labelledby={`nav-area-${group.area}`}>
          <h2 id={`nav-area-${group.area}`} className="sidebar__area">
            {t(`areas.${group.area}`)}
          </h2>
          <ul className="sidebar__list">
            {group.routes.map((route) => (
              <li key={route.id}>
                <NavLink to={route.path} end className="sidebar__link">
                  {t(route.titleKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
