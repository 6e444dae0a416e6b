import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { Pager } from '../../components/pager';
import { SearchBox } from '../../components/search-box';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { DensitySwitch } from '../../components/table-density';
import { useCountryName, useCountryNames } from '../../lib/country-names';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useInstitutionList } from './api';
import { ActiveBadge } from './active-badge';
import { DeactivateDialog } from './deactivate-dialog';
import { InstitutionDialog } from './institution-dialog';
import { ACCREDITATION_STATUSES, INSTITUTION_TYPES, type InstitutionRecord } from '../../../shared/api/reference-data';
import { institutionQueryOf, PAGE_SIZES } from './institution-query';
import { localName } from './local-name';
import { MergeDialog } from './merge-dialog';
import { useScreenParams } from './screen-params';

type Action = { kind: 'edit' | 'merge' | 'switch'; institution: InstitutionRecord } | { kind: 'create' };

/**
 * The institutions (spec §3): searched and filtered on the server (there are thousands), added and
 * edited in a form, merged when one is a duplicate of another, deactivated when no longer offered.
 */
export function InstitutionPanel() {
  const { t } = useTranslation(['reference', 'common']);
  const format = useFormat();
  const country = useCountryName();
  const countryNames = useCountryNames();
  const [params, set] = useScreenParams();
  const query = institutionQueryOf(params);
  const list = useInstitutionList(query);
  const [action, setAction] = useState<Action | null>(null);
  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / query.page_size));
  const filtered = ['search', 'country', 'type', 'accreditation', 'active'].some((name) => params.has(name));
  const countryOptions = countryNames
    ? [...countryNames.entries()].map(([code, names]) => ({ value: code, label: names[format.language] })).sort((a, b) => a.label.localeCompare(b.label))
    : [];

  const columns: DataColumn<InstitutionRecord>[] = [
    { id: 'name', title: t('fields.name'), isRowHeader: true, render: (row) => localName(row, format.language) },
    { id: 'country', title: t('fields.country'), width: '10rem', render: (row) => country(row.country) },
    { id: 'type', title: t('fields.type'), width: '7rem', hideBelow: 900, render: (row) => t(`institutionType.${row.type}`) },
    { id: 'accreditation', title: t('fields.accreditation'), width: '11rem', hideBelow: 1000, render: (row) => t(`accreditation.${row.accreditation_status}`) },
    {
      id: 'status',
      title: t('fields.status'),
      width: '8rem',
      text: (row) => (row.merged_into !== null ? t('status.merged') : t(row.active ? 'status.active' : 'status.inactive')),
      render: (row) => <ActiveBadge active={row.active} merged={row.merged_into !== null} />,
    },
    {
      id: 'actions',
      title: t('fields.actions'),
      width: '17rem',
      wraps: true,
      render: (row) => {
        const name = localName(row, format.language);
        // A merged institution lives on only as the name old applications had: nothing to change.
        if (row.merged_into !== null) return null;
        return (
          <div className="reference-actions">
            <Button variant="quiet" aria-label={t('actions.editNamed', { name })} onPress={() => setAction({ kind: 'edit', institution: row })}>
              {t('actions.edit')}
            </Button>
            <Button variant="quiet" aria-label={t('actions.mergeNamed', { name })} onPress={() => setAction({ kind: 'merge', institution: row })}>
              {t('actions.merge')}
            </Button>
            <Button variant="quiet" aria-label={t(row.active ? 'actions.deactivateNamed' : 'actions.activateNamed', { name })} onPress={() => setAction({ kind: 'switch', institution: row })}>
              {t(row.active ? 'actions.deactivate' : 'actions.activate')}
            </Button>
          </div>
        );
      },
    },
  ];

  return (
    <section className="reference-panel" aria-label={t('institutions.label')}>
      <div className="filter-bar" role="search" aria-label={t('filters.label')}>
        <SearchBox label={t('filters.search')} value={params.get('search') ?? ''} onSearch={(text) => set({ search: text })} />
        <SelectField label={t('filters.country')} value={params.get('country') ?? ''} emptyLabel={t('filters.any')} options={countryOptions} onChange={(value) => set({ country: value })} isSearchable openLabel={t('filters.showCountries')} />
        <SelectField
          label={t('filters.type')}
          value={params.get('type') ?? ''}
          emptyLabel={t('filters.any')}
          options={INSTITUTION_TYPES.map((type) => ({ value: type, label: t(`institutionType.${type}`) }))}
          onChange={(value) => set({ type: value })}
        />
        <SelectField
          label={t('filters.accreditation')}
          value={params.get('accreditation') ?? ''}
          emptyLabel={t('filters.any')}
          options={ACCREDITATION_STATUSES.map((status) => ({ value: status, label: t(`accreditation.${status}`) }))}
          onChange={(value) => set({ accreditation: value })}
        />
        <SelectField
          label={t('filters.active')}
          value={params.get('active') ?? ''}
          emptyLabel={t('filters.any')}
          options={[
            { value: 'true', label: t('filters.activeOnly') },
            { value: 'false', label: t('filters.inactiveOnly') },
          ]}
          onChange={(value) => set({ active: value })}
        />
        {filtered ? (
          <Button variant="quiet" onPress={() => set({ search: null, country: null, type: null, accreditation: null, active: null })}>
            {t('filters.clear')}
          </Button>
        ) : null}
        <Button variant="primary" onPress={() => setAction({ kind: 'create' })}>
          {t('institutions.add')}
        </Button>
      </div>
      {list.isError ? (
        <Alert tone="error" title={isAccessDenied(list.error) ? t('noAccess') : t('common:couldNotLoad')}>
          {isAccessDenied(list.error) ? t('common:noAccess.hint') : translateError(list.error, t).message}
        </Alert>
      ) : null}
      {list.isPending ? <Spinner label={t('common:loading')} /> : null}
      {list.data ? (
        <div aria-busy={list.isFetching}>
          <p aria-live="polite">{t('institutions.count', { count })}</p>
          <DataTable
            label={t('institutions.label')}
            columns={columns}
            rows={list.data.results}
            rowKey={(row) => row.id}
            emptyText={t(filtered ? 'institutions.emptyFiltered' : 'institutions.empty')}
          />
          <div className="list-footer">
            <Pager page={query.page} pages={pages} onPage={(next) => set({ page: next > 1 ? String(next) : null })} />
            <SelectField
              label={t('filters.pageSize')}
              layout="inline"
              value={String(query.page_size)}
              options={PAGE_SIZES.map((size) => ({ value: String(size), label: format.number(size) }))}
              onChange={(value) => set({ page_size: value })}
            />
            <DensitySwitch />
          </div>
        </div>
      ) : null}
      {action?.kind === 'create' ? <InstitutionDialog institution={null} onClose={() => setAction(null)} /> : null}
      {action?.kind === 'edit' ? <InstitutionDialog institution={action.institution} onClose={() => setAction(null)} /> : null}
      {action?.kind === 'merge' ? <MergeDialog duplicate={action.institution} onClose={() => setAction(null)} /> : null}
      {action?.kind === 'switch' ? <DeactivateDialog target={{ kind: 'institution', institution: action.institution }} onClose={() => setAction(null)} /> : null}
    </section>
  );
}
