import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField, Input, Label } from 'react-aria-components';
import { APPLICATION_STATUSES, PRIORITIES } from '../../../shared/domain/application-status';
import { SERVICE_TYPES } from '../../../shared/constants';
import { Button } from '../../components/button';
import { SelectField } from '../../components/select-field';
import { useCouncils } from './api';
import { withParam, type FilterKey } from './list-query';

const SEARCH_DELAY_MS = 300;

export interface ApplicationFiltersProps {
  params: URLSearchParams;
  onChange(params: URLSearchParams): void;
}

/** The list's filters; every change goes to the URL. */
export function ApplicationFilters({ params, onChange }: ApplicationFiltersProps) {
  const { t } = useTranslation('applications');
  const councils = useCouncils();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const set = (key: FilterKey, value: string | readonly string[] | null) => onChange(withParam(params, key, value));

  // Typing waits for a pause before it becomes a query; back/forward restores the field.
  useEffect(() => setSearch(params.get('search') ?? ''), [params]);
  useEffect(() => {
    if (search === (params.get('search') ?? '')) return;
    const timer = setTimeout(() => set('search', search.trim() || null), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const statuses = params.getAll('status');
  const toggleStatus = (status: string) =>
    set('status', statuses.includes(status) ? statuses.filter((s) => s !== status) : [...statuses, status]);

  return (
    <div className="filter-bar" role="search">
      <SearchField value={search} onChange={setSearch} className="field filter-bar__search" aria-label={t('filters.search')}>
        <Label className="field__label">{t('filters.search')}</Label>
        <Input className="field__input" placeholder={t('filters.searchPlaceholder')} />
      </SearchField>
      <SelectField
        label={t('filters.service')}
        value={params.get('service_type') ?? ''}
        emptyLabel={t('list.allServices')}
        options={SERVICE_TYPES.map((s) => ({ value: String(s), label: t(`service.${s}`) }))}
        onChange={(value) => set('service_type', value || null)}
      />
      <details>
        <summary className="button button--secondary">
          {t('filters.status')}
          {statuses.length ? ` (${statuses.length})` : ''}
        </summary>
        <div>
          <fieldset className="check-list">
            <legend className="field__label">{t('filters.status')}</legend>
            {APPLICATION_STATUSES.map((status) => (
              <label key={status}>
                <input type="checkbox" checked={statuses.includes(status)} onChange={() => toggleStatus(status)} />
                {t(`status.${status}`)}
              </label>
            ))}
          </fieldset>
        </div>
      </details>
      <SelectField
        label={t('filters.officer')}
        value={params.get('assigned_officer') ?? ''}
        emptyLabel={t('filters.anyone')}
        options={[
          { value: 'me', label: t('filters.me') },
          { value: 'unassigned', label: t('filters.unassigned') },
        ]}
        onChange={(value) => set('assigned_officer', value || null)}
      />
      <SelectField
        label={t('filters.council')}
        value={params.get('council') ?? ''}
        emptyLabel={t('filters.anyCouncil')}
        options={(councils.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        onChange={(value) => set('council', value || null)}
      />
      <SelectField
        label={t('filters.priority')}
        value={params.get('priority') ?? ''}
        emptyLabel={t('filters.anyPriority')}
        options={PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
        onChange={(value) => set('priority', value || null)}
      />
      <div className="field">
        <label className="field__label" htmlFor="submitted-from">
          {t('filters.from')}
        </label>
        <input id="submitted-from" type="date" className="field__input" value={params.get('submitted_from') ?? ''} onChange={(e) => set('submitted_from', e.target.value || null)} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="submitted-to">
          {t('filters.to')}
        </label>
        <input id="submitted-to" type="date" className="field__input" value={params.get('submitted_to') ?? ''} onChange={(e) => set('submitted_to', e.target.value || null)} />
      </div>
      <SelectField
        label={t('filters.archived')}
        value={params.get('archived') ?? 'false'}
        options={[
          { value: 'false', label: t('filters.archivedNo') },
          { value: 'true', label: t('filters.archivedYes') },
          { value: 'all', label: t('filters.archivedAll') },
        ]}
        onChange={(value) => set('archived', value === 'false' ? null : value)}
      />
      <div className="filter-bar__checks">
        <label>
          <input type="checkbox" checked={params.get('overdue') === 'true'} onChange={(e) => set('overdue', e.target.checked ? 'true' : null)} /> {t('filters.overdueOnly')}
        </label>
        <label>
          <input type="checkbox" checked={params.get('incomplete') === 'true'} onChange={(e) => set('incomplete', e.target.checked ? 'true' : null)} /> {t('filters.incompleteOnly')}
        </label>
      </div>
      <Button variant="quiet" onPress={() => onChange(new URLSearchParams())}>
        {t('filters.clear')}
      </Button>
    </div>
  );
}
