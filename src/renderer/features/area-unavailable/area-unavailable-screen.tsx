import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';

export interface AreaUnavailableScreenProps {
  /** The area's title key (namespace nav), from the route table. */
  titleKey: string;
}

/** An area whose screens come in a later version: the route, guard and breadcrumbs are already real. */
export function AreaUnavailableScreen({ titleKey }: AreaUnavailableScreenProps) {
  const { t } = useTranslation(['common', 'nav']);
  const title = t(titleKey, { ns: 'nav' });
  return (
    <>
      <PageHeader title={title} />
      <EmptyState title={t('common:areaUnavailable.title')} description={t('common:areaUnavailable.description', { area: title })} />
    </>
  );
}
