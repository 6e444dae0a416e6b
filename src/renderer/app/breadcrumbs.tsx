import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Breadcrumb, Breadcrumbs as AriaBreadcrumbs, Link } from 'react-aria-components';
import { generatePath, useMatches, useParams } from 'react-router-dom';
import { currentUserAtom } from '../lib/session';
import { opens } from './guard';
import { breadcrumbTrail, ROUTES_BY_ID, type RouteHandle } from './routes';

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return !!handle && typeof handle === 'object' && typeof (handle as RouteHandle).routeId === 'string';
}

/** Where the screen sits, from the route table's parents; the last crumb is the current page. */
export function Breadcrumbs() {
  const { t } = useTranslation('nav');
  const params = useParams();
  const user = useAtomValue(currentUserAtom);
  const handle = useMatches()
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1);
  const route = handle ? ROUTES_BY_ID.get(handle.routeId) : undefined;
  if (!route) return null;
  const trail = breadcrumbTrail(route);
  return (
    <nav aria-label={t('breadcrumbs')} className="breadcrumbs">
      <AriaBreadcrumbs className="breadcrumbs__list">
        {trail.map((crumb, index) => {
          const current = index === trail.length - 1;
          let href: string | undefined;
          // A parent the user may not open (a content manager's "Documents" above the templates)
          // is where they are, not a link the guard would turn back to the landing page.
          const mayOpen = user !== null && opens(crumb, user);
          try {
            href = current || !mayOpen ? undefined : generatePath(crumb.path, params);
          } catch {
            // A parent whose parameters this URL does not carry is shown without a link.
            href = undefined;
          }
          return (
            <Breadcrumb key={crumb.id} id={crumb.id} className="breadcrumbs__item">
              <Link href={href} className="breadcrumbs__link">
                {t(crumb.titleKey)}
              </Link>
            </Breadcrumb>
          );
        })}
      </AriaBreadcrumbs>
    </nav>
  );
}
