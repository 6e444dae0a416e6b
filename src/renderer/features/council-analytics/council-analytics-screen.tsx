import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_ANALYTICS_MONTHS, shiftMonth } from '../../../shared/api/council-analytics';
import { Alert } from '../../components/alert';
import { PageHeader } from '../../components/page-header';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useCouncilAnalytics, type AnalyticsFilter } from './api';
import { FigureSection } from './figure-section';
import { buildFigures } from './figures';
import './council-analytics.css';

/** The periods offered, in months back from this one (this one included). */
const PERIODS = [DEFAULT_ANALYTICS_MONTHS, 24, 36, 60] as const;

function thisMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/**
 * Council analytics (route /councils/analytics, councils.view_analytics): throughput, decisions by
 * outcome and field, review time, overdue reviews and the per-council summary over a period, each
 * as a chart with its table and CSV. The period (months back) and the council are in the address.
 */
export function CouncilAnalyticsScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['council-analytics', 'nav', 'applications', 'common']);
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const months = PERIODS.find((period) => String(period) === params.get('months')) ?? DEFAULT_ANALYTICS_MONTHS;
  const councilParam = Number.parseInt(params.get('council') ?? '', 10);
  const council = Number.isInteger(councilParam) && councilParam > 0 ? councilParam : undefined;
  const filter = useMemo<AnalyticsFilter>(() => {
    if (months === DEFAULT_ANALYTICS_MONTHS) return { council };
    const to = thisMonth();
    return { from: shiftMonth(to, -(months - 1)), to, council };
  }, [months, council]);
  const analytics = useCouncilAnalytics(filter);
  const set = (name: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === '') next.delete(name);
      else next.set(name, value);
      return next;
    });

  const figures = useMemo(
    () => (analytics.data ? buildFigures(analytics.data, t, { number: format.number, month: format.month, days: format.days, name: format.name }) : []),
    [analytics.data, t, format],
  );
  const data = analytics.data;
  const count = (value: number) => format.number(value);
  const days = (value: number) => format.number(value, { maximumFractionDigits: 1 });
  const fileName = (id: string) => `council-analytics-${id}-${data?.from ?? ''}-${data?.to ?? ''}.csv`;

  return (
    <>
      <PageHeader title={t(titleKey, { ns: 'nav' })} description={t('description')} />
      <div className="filter-bar" role="search" aria-label={t('filters')}>
        <SelectField
          label={t('period')}
          value={String(months)}
          options={PERIODS.map((period) => ({ value: String(period), label: t('lastMonths', { count: period }) }))}
          onChange={(value) => set('months', value === String(DEFAULT_ANALYTICS_MONTHS) ? '' : value)}
        />
        <SelectField
          label={t('council')}
          value={council ? String(council) : ''}
          emptyLabel={t('allCouncils')}
          options={format.sortedByName(data?.council_options ?? []).map((option) => ({ value: String(option.id), label: option.active ? format.name(option) : t('inactiveCouncil', { name: format.name(option) }) }))}
          onChange={(value) => set('council', value)}
        />
      </div>
      {analytics.isError ? (
        <Alert tone="error" title={isAccessDenied(analytics.error) ? t('noAccess') : t('common:couldNotLoad')}>
          {isAccessDenied(analytics.error) ? t('common:noAccess.hint') : translateError(analytics.error, t).message}
        </Alert>
      ) : null}
      {analytics.isPending ? <Spinner label={t('common:loading')} /> : null}
      {data ? (
        <div className="council-analytics" aria-busy={analytics.isFetching}>
          <p className="council-analytics__period" aria-live="polite">
            {t('periodShown', { from: format.month(data.from), to: format.month(data.to) })}
          </p>
          {figures.map((figure) => (
            <FigureSection
              key={figure.id}
              figure={figure}
              fileName={fileName(figure.id)}
              formatValue={figure.id === 'review-time' ? days : count}
              note={
                figure.id === 'review-time'
                  ? t('reviewTimeOverall', { count: data.review_time.decided, average: format.days(data.review_time.average_days), p90: format.days(data.review_time.p90_days) })
                  : figure.id === 'overdue'
                    ? t('overdueTotal', { count: data.overdue })
                    : undefined
              }
            />
          ))}
        </div>
      ) : null}
    </>
  );
}
