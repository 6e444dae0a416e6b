import { useTranslation } from 'react-i18next';
import { NOTIFICATION_KINDS, NOTIFICATION_STATUSES } from '../../../shared/api/notifications';
import { NOTIFICATION_EVENTS } from '../../../shared/domain/notification-events';
import { Button } from '../../components/button';
import { DatePickerField } from '../../components/date-picker-field';
import { SearchBox } from '../../components/search-box';
import { SelectField } from '../../components/select-field';
import type { ListAddress } from '../../lib/list-address';
import { FilterBar } from '../../components/list-screen';
import { useFormat } from '../../lib/format';

/** The list's filters; every change goes to the address (and back to page 1). */
export function NotificationFilters({ address }: { address: ListAddress }) {
  const { t } = useTranslation('notifications');
  const { params } = address;
  const { compare } = useFormat();
  const set = (key: string, value: string | null) => address.set({ [key]: value });
  const events = NOTIFICATION_EVENTS.map((event) => ({ value: event, label: t(`events.${event}`) })).sort((a, b) => compare(a.label, b.label));
  return (
    <FilterBar label={t('filters.label')}>
      <SearchBox label={t('filters.search')} value={params.get('search') ?? ''} onSearch={(text) => set('search', text)} />
      <SelectField
        label={t('filters.status')}
        value={params.get('status') ?? ''}
        emptyLabel={t('filters.any')}
        options={NOTIFICATION_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        onChange={(value) => set('status', value)}
      />
      <SelectField
        label={t('filters.kind')}
        value={params.get('kind') ?? ''}
        emptyLabel={t('filters.any')}
        options={NOTIFICATION_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
        onChange={(value) => set('kind', value)}
      />
      <SelectField
        isSearchable
        label={t('filters.event')}
        value={params.get('event') ?? ''}
        emptyLabel={t('filters.any')}
        openLabel={t('filters.showEvents')}
        options={events}
        onChange={(value) => set('event', value)}
      />
      <DatePickerField label={t('filters.dateFrom')} value={params.get('date_from')} maxValue={params.get('date_to')} clearLabel={t('filters.clearDate')} onChange={(value) => set('date_from', value)} />
      <DatePickerField label={t('filters.dateTo')} value={params.get('date_to')} minValue={params.get('date_from')} clearLabel={t('filters.clearDate')} onChange={(value) => set('date_to', value)} />
      <Button variant="quiet" onPress={() => address.clearFilters()}>
        {t('filters.clear')}
      </Button>
    </FilterBar>
  );
}
