import { useTranslation } from 'react-i18next';
import { REPORT_GROUPINGS, REPORT_KEYS, type ReportCatalogueAnswer } from '../../../shared/api/reports';
import { SERVICE_TYPES } from '../../../shared/constants';
import { APPLICATION_STATUSES } from '../../../shared/domain/application-status';
import { Button } from '../../components/button';
import { DatePickerField } from '../../components/date-picker-field';
import { MultiSelectMenu } from '../../components/multi-select-menu';
import { SelectField } from '../../components/select-field';
import { useFormat } from '../../lib/format';
import { DEFAULT_REPORT, reportFromParams, statusesFromParams, withoutFilters, withParam, type ReportParam } from './report-query';

export interface ReportFiltersProps {
  params: URLSearchParams;
  onChange(params: URLSearchParams): void;
  catalogue: ReportCatalogueAnswer | undefined;
  /** Whether the report shown breaks its rows down by service, status or country. */
  groupable: boolean;
}

/** The report chosen and its filters; every change goes to the address. */
export function ReportFilters({ params, onChange, catalogue, groupable }: ReportFiltersProps) {
  const { t } = useTranslation(['reports', 'applications']);
  const set = (key: ReportParam, value: string | null) => onChange(withParam(params, key, value));
  const from = params.get('date_from');
  const to = params.get('date_to');
  const titles = new Map(catalogue?.reports.map((item) => [item.key, item.title]));
  const format = useFormat();
  const councils = format.sortedByName(catalogue?.council_options ?? []).sort((a, b) => Number(b.active) - Number(a.active));
  const council = params.get('council') ?? '';

  return (
    <div className="filter-bar" role="search" aria-label={t('filters.label')}>
      <SelectField
        label={t('filters.report')}
        value={reportFromParams(params)}
        options={REPORT_KEYS.map((key) => ({ value: key, label: titles.get(key) ?? t(`reportNames.${key}`) }))}
        onChange={(value) => set('report', value === DEFAULT_REPORT ? null : value)}
      />
      <DatePickerField label={t('filters.from')} value={from} maxValue={to} clearLabel={t('filters.clearDate', { field: t('filters.from') })} onChange={(value) => set('date_from', value)} />
      <DatePickerField label={t('filters.to')} value={to} minValue={from} clearLabel={t('filters.clearDate', { field: t('filters.to') })} onChange={(value) => set('date_to', value)} />
      <SelectField
        label={t('filters.service')}
        value={params.get('service_type') ?? ''}
        emptyLabel={t('filters.anyService')}
        options={SERVICE_TYPES.map((service) => ({ value: String(service), label: t(`applications:service.${service}`) }))}
        onChange={(value) => set('service_type', value)}
      />
      <MultiSelectMenu
        label={t('filters.status')}
        emptySummary={t('filters.anyStatus')}
        options={APPLICATION_STATUSES.map((status) => ({ value: status, label: t(`applications:status.${status}`) }))}
        selected={statusesFromParams(params)}
        onChange={(values) => set('status', values.join(','))}
      />
      <SelectField
        label={t('filters.council')}
        value={council}
        emptyLabel={t('filters.anyCouncil')}
        options={[
          ...councils.map((option) => ({ value: String(option.id), label: option.active ? format.name(option) : t('filters.inactiveCouncil', { name: format.name(option) }) })),
          // A council named by the address that the list does not hold (yet) stays choosable.
          ...(council && !councils.some((option) => String(option.id) === council) ? [{ value: council, label: t('filters.councilNumber', { id: council }) }] : []),
        ]}
        onChange={(value) => set('council', value)}
      />
      {groupable ? (
        <SelectField
          label={t('filters.groupBy')}
          value={params.get('group_by') ?? 'service'}
          options={REPORT_GROUPINGS.map((grouping) => ({ value: grouping, label: t(`groupings.${grouping}`) }))}
          onChange={(value) => set('group_by', value === 'service' ? null : value)}
        />
      ) : null}
      <Button variant="quiet" onPress={() => onChange(withoutFilters(params))}>
        {t('filters.clear')}
      </Button>
    </div>
  );
}
