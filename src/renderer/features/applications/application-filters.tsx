import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input, Label, SearchField } from 'react-aria-components';
import { hasPermission } from '../../../shared/auth/permissions';
import { APPLICATION_STATUSES, PRIORITIES } from '../../../shared/domain/application-status';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { DatePickerField } from '../../components/date-picker-field';
import { MultiSelectMenu } from '../../components/multi-select-menu';
import { SelectField } from '../../components/select-field';
import { useFormat } from '../../lib/format';
import { currentUserAtom } from '../../lib/session';
import { useAssignableOfficers, useCouncils } from './api';
import type { ListAddress } from '../../lib/list-address';
import { FilterBar, activeFilterCount } from '../../components/list-screen';

export const SEARCH_DELAY_MS = 300;

/** The filters behind "More filters": the search, status and officer stay in view. */
const MORE_FILTERS = ['council', 'priority', 'submitted_from', 'submitted_to', 'archived', 'open', 'overdue', 'incomplete'] as const;

export interface ApplicationFiltersProps {
  address: ListAddress;
  /** The incomplete list is incomplete by definition: no "incomplete only" box there. */
  incompleteList?: boolean;
}

/** The list's filters; every change goes to the URL (the service is chosen by the tabs above). */
export function ApplicationFilters({ address, incompleteList = false }: ApplicationFiltersProps) {
  const { params } = address;
  const { t } = useTranslation('applications');
  const format = useFormat();
  const user = useAtomValue(currentUserAtom);
  const councils = useCouncils();
  // Only those who may assign officers may list them (the server answers 403 to others).
  const officers = useAssignableOfficers(hasPermission(user, 'applications.change_application'));
  const [search, setSearch] = useState(params.get('search') ?? '');
  const set = (key: string, value: string | readonly string[] | null) => address.set({ [key]: value });

  // Typing waits for a pause before it becomes a query; back/forward restores the field.
  const urlSearch = params.get('search') ?? '';
  useEffect(() => setSearch(urlSearch), [urlSearch]);
  useEffect(() => {
    if (search.trim() === urlSearch) return;
    const timer = setTimeout(() => set('search', search.trim() || null), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const from = params.get('submitted_from');
  const to = params.get('submitted_to');

  return (
    <FilterBar
      label={t('filters.label')}
      moreInUse={activeFilterCount(params, MORE_FILTERS)}
      more={
        <>
          <SelectField
            label={t('filters.council')}
            value={params.get('council') ?? ''}
            emptyLabel={t('filters.anyCouncil')}
            options={format.sortedByName(councils.data ?? []).map((c) => ({ value: String(c.id), label: format.name(c) }))}
            onChange={(value) => set('council', value || null)}
          />
          <MultiSelectMenu
            label={t('filters.priority')}
            emptySummary={t('filters.anyPriority')}
            options={PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
            selected={params.getAll('priority')}
            onChange={(values) => set('priority', values)}
          />
          <DatePickerField label={t('filters.from')} value={from} maxValue={to} clearLabel={t('filters.clearDate', { field: t('filters.from') })} onChange={(value) => set('submitted_from', value)} />
          <DatePickerField label={t('filters.to')} value={to} minValue={from} clearLabel={t('filters.clearDate', { field: t('filters.to') })} onChange={(value) => set('submitted_to', value)} />
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
          <SelectField
            label={t('filters.caseState')}
            value={params.get('open') ?? ''}
            emptyLabel={t('filters.openOrClosed')}
            options={[
              { value: 'true', label: t('filters.openOnly') },
              { value: 'false', label: t('filters.closedOnly') },
            ]}
            onChange={(value) => set('open', value || null)}
          />
          <div className="filter-bar__checks">
            <Checkbox isSelected={params.get('overdue') === 'true'} onChange={(checked) => set('overdue', checked ? 'true' : null)}>
              {t('filters.overdueOnly')}
            </Checkbox>
            {incompleteList ? null : (
              <Checkbox isSelected={params.get('incomplete') === 'true'} onChange={(checked) => set('incomplete', checked ? 'true' : null)}>
                {t('filters.incompleteOnly')}
              </Checkbox>
            )}
          </div>
        </>
      }
      actions={
        <>
          {/* The service view stays: its tab stays selected. */}
          <Button variant="quiet" onPress={() => address.clearFilters(['service_type'])}>
            {t('filters.clear')}
          </Button>
        </>
      }
    >
      <SearchField value={search} onChange={setSearch} className="field filter-bar__search">
        <Label className="field__label">{t('filters.search')}</Label>
        <Input className="field__input" placeholder={t('filters.searchPlaceholder')} />
      </SearchField>
      <MultiSelectMenu
        label={t('filters.status')}
        emptySummary={t('filters.anyStatus')}
        options={APPLICATION_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        selected={params.getAll('status')}
        onChange={(values) => set('status', values)}
      />
      <SelectField
        isSearchable
        label={t('filters.officer')}
        value={params.get('assigned_officer') ?? ''}
        emptyLabel={t('filters.anyone')}
        openLabel={t('filters.showOfficers')}
        options={[
          { value: 'me', label: t('filters.me') },
          { value: 'unassigned', label: t('filters.unassigned') },
          ...(officers.data ?? []).filter((o) => o.id !== user?.id).map((o) => ({ value: String(o.id), label: o.full_name })),
        ]}
        onChange={(value) => set('assigned_officer', value || null)}
      />
    </FilterBar>
  );
}
