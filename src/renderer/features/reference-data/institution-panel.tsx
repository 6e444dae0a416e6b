import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../components/button';
import type { DataColumn } from '../../components/data-table';
import { SearchBox } from '../../components/search-box';
import { SelectField } from '../../components/select-field';
import { useCountryName, useCountryNames } from '../../lib/country-names';
import { useFormat } from '../../lib/format';
import { useInstitutionList } from './api';
import { ActiveBadge } from './active-badge';
import { DeactivateDialog } from './deactivate-dialog';
import { InstitutionDialog } from './institution-dialog';
import { ACCREDITATION_STATUSES, INSTITUTION_TYPES, type InstitutionRecord } from '../../../shared/api/reference-data';
import { institutionQueryOf } from './institution-query';
import { localName } from './local-name';
import { MergeDialog } from './merge-dialog';
import { useScreenParams } from './screen-params';
import { ActiveFilter, FilterBar, ListResults } from '../../components/list-screen';

type Action = { kind: 'edit' | 'merge' | 'switch'; institution: InstitutionRecord } | { kind: 'create' };

/**
 * The institutions (spec §3): searched and filtered on the server (there are thousands), added and
 * edited in a form, merged when one is a duplicate of another, deactivated when no longer offered.
 */
export function InstitutionPanel() {
  const { t } = useTranslation(['reference', 'common', 'authenticity']);
  const format = useFormat();
  const country = useCountryName();
  const countryNames = useCountryNames();
  const address = useScreenParams();
  const { params, set, filtered } = address;
  const query = institutionQueryOf(params);
  const list = useInstitutionList(query);
  const [action, setAction] = useState<Action | null>(null);
  const countryOptions = countryNames
    ? [...countryNames.entries()].map(([code, names]) => ({ value: code, label: names[format.language] })).sort((a, b) => format.compare(a.label, b.label))
    : [];

  const columns: DataColumn<InstitutionRecord>[] = [
    { id: 'name', kind: 'text', title: t('fields.name'), isRowHeader: true, render: (row) => localName(row, format.language) },
    { id: 'country', kind: 'text', title: t('fields.country'), width: '10rem', render: (row) => country(row.country) },
    { id: 'type', kind: 'text', title: t('fields.type'), width: '7rem', hideBelow: 900, render: (row) => t(`institutionType.${row.type}`) },
    { id: 'accreditation', kind: 'text', title: t('fields.accreditation'), width: '11rem', hideBelow: 1000, render: (row) => t(`accreditation.${row.accreditation_status}`) },
    {
      id: 'status',
      kind: 'status',
      title: t('fields.status'),
      width: '8rem',
      text: (row) => (row.merged_into !== null ? t('status.merged') : t(row.active ? 'status.active' : 'status.inactive')),
      render: (row) => <ActiveBadge active={row.active} merged={row.merged_into !== null} />,
    },
    {
      id: 'actions',
      kind: 'actions',
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
            <Link className="button button--quiet" to={`/reference/institutions/${row.id}/dossier`} aria-label={t('authenticity:dossier.openNamed', { name })}>
              {t('authenticity:dossier.open')}
            </Link>
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
      <FilterBar label={t('filters.label')}>
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
        <ActiveFilter address={address} />
        {filtered ? (
          <Button variant="quiet" onPress={() => address.clearFilters()}>
            {t('filters.clear')}
          </Button>
        ) : null}
        <Button variant="primary" onPress={() => setAction({ kind: 'create' })}>
          {t('institutions.add')}
        </Button>
      </FilterBar>
      <ListResults
        list={list}
        address={address}
        table={{ label: t('institutions.label'), columns, rowKey: (row) => row.id, emptyText: t(filtered ? 'institutions.emptyFiltered' : 'institutions.empty') }}
        count={(count) => t('institutions.count', { count })}
        noAccess={t('noAccess')}
      />
      {action?.kind === 'create' ? <InstitutionDialog institution={null} onClose={() => setAction(null)} /> : null}
      {action?.kind === 'edit' ? <InstitutionDialog institution={action.institution} onClose={() => setAction(null)} /> : null}
      {action?.kind === 'merge' ? <MergeDialog duplicate={action.institution} onClose={() => setAction(null)} /> : null}
      {action?.kind === 'switch' ? <DeactivateDialog target={{ kind: 'institution', institution: action.institution }} onClose={() => setAction(null)} /> : null}
    </section>
  );
}
