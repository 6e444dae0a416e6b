import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SERVICE_TYPES } from '../../../shared/constants';
import { withListParams } from '../../lib/list-address';
import { APPLICATION_FILTERS } from './list-query';

/** The per-service views: the same list with `service_type` set, one link per service, filters kept. */
export function ServiceTabs({ params }: { params: URLSearchParams }) {
  const { t } = useTranslation('applications');
  const current = params.get('service_type') ?? '';
  const tabs = [{ value: '', label: t('list.allServices') }, ...SERVICE_TYPES.map((s) => ({ value: String(s), label: t(`service.${s}`) }))];
  return (
    <nav className="service-tabs tab-list" aria-label={t('list.servicesLabel')}>
      {tabs.map((tab) => {
        const search = withListParams(params, { service_type: tab.value || null }, APPLICATION_FILTERS).toString();
        const active = tab.value === current;
        return (
          <Link key={tab.value || 'all'} to={{ search: search ? `?${search}` : '' }} className="tab" data-selected={active || undefined} aria-current={active ? 'page' : undefined}>
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
