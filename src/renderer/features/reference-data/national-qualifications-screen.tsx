import { useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { QUALIFICATION_PROFILES, type NationalQualification } from '../../../shared/api/decision-references';
import { Button } from '../../components/button';
import type { DataColumn } from '../../components/data-table';
import { ActiveFilter, FilterBar, ListResults } from '../../components/list-screen';
import { PageHeader } from '../../components/page-header';
import { SearchBox } from '../../components/search-box';
import { SelectField } from '../../components/select-field';
import { useFormat } from '../../lib/format';
import { useListSort } from '../../lib/list-address';
import { ActiveBadge } from './active-badge';
import { useNationalQualificationList } from './api';
import { DeactivateDialog } from './deactivate-dialog';
import { useDegreeLevelName, useDegreeLevelOptions } from './degree-level-options';
import { nationalQualificationQueryOf } from './decision-reference-query';
import { DeleteDialog } from './delete-dialog';
import { localName } from './local-name';
import { NationalQualificationDialog } from './national-qualification-dialog';
import { useScreenParams } from './screen-params';
import './reference-data.css';

type Action = { kind: 'edit' | 'switch' | 'delete'; qualification: NationalQualification } | { kind: 'create' };

/** "120 ECTS · 2 years", either part alone, or null when neither is known (secondary school). */
function workloadOf(row: NationalQualification, t: TFunction): string | null {
  const parts = [
    row.ects_credits === null ? null : t('nationalQualifications.ectsValue', { count: row.ects_credits }),
    row.duration_years === null ? null : t('nationalQualifications.years', { count: row.duration_years }),
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' · ') : null;
}

const SORT = { columns: { name: 'name', levels: 'eqf_level', workload: 'ects_credits' }, initial: 'eqf_level' };

/**
 * The national reference qualifications (route /reference/national-qualifications, admin only):
 * what a foreign qualification is compared with in a recognition decision, with its degree level,
 * EQF/NQF level, workload, duration and profile. Names show in the reader's language.
 */
export function NationalQualificationsScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['reference', 'nav', 'common']);
  const format = useFormat();
  const address = useScreenParams();
  const { params, set, filtered } = address;
  const sort = useListSort(address, SORT);
  const list = useNationalQualificationList(nationalQualificationQueryOf(params, sort.ordering), format.language);
  const degreeLevels = useDegreeLevelOptions(params.get('degree_level') ?? undefined);
  const degreeLevelName = useDegreeLevelName();
  const [action, setAction] = useState<Action | null>(null);

  const columns = useMemo<DataColumn<NationalQualification>[]>(
    () => [
      // Names are long ("Integrated master in medicine – Doctor of Medicine (360 ECTS)") and are what is read: they wrap.
      { id: 'name', kind: 'text', title: t('fields.name'), isRowHeader: true, allowsSorting: true, wraps: true, render: (row) => localName(row, format.language) },
      { id: 'level', kind: 'text', title: t('nationalQualifications.degreeLevel'), width: '8.5rem', render: (row) => degreeLevelName(row.degree_level) },
      { id: 'levels', kind: 'text', title: t('nationalQualifications.levels'), width: '7.5rem', allowsSorting: true, render: (row) => `${format.number(row.eqf_level)} / ${format.number(row.nqf_level)}` },
      {
        id: 'workload',
        kind: 'text',
        title: t('nationalQualifications.workload'),
        width: '8.5rem',
        wraps: true,
        allowsSorting: true,
        hideBelow: 900,
        render: (row) => workloadOf(row, t) ?? '—',
      },
      { id: 'profile', kind: 'text', title: t('nationalQualifications.profile'), width: '8rem', hideBelow: 1100, render: (row) => t(`profile.${row.profile}`) },
      {
        id: 'status',
        kind: 'status',
        title: t('fields.status'),
        text: (row) => t(row.active ? 'status.active' : 'status.inactive'),
        render: (row) => <ActiveBadge active={row.active} />,
      },
      {
        id: 'actions',
        kind: 'actions',
        title: t('fields.actions'),
        width: '12.5rem',
        render: (row) => {
          const name = localName(row, format.language);
          return (
            <div className="reference-actions">
              <Button variant="quiet" aria-label={t('actions.editNamed', { name })} onPress={() => setAction({ kind: 'edit', qualification: row })}>
                {t('actions.edit')}
              </Button>
              <Button variant="quiet" aria-label={t(row.active ? 'actions.deactivateNamed' : 'actions.activateNamed', { name })} onPress={() => setAction({ kind: 'switch', qualification: row })}>
                {t(row.active ? 'actions.deactivate' : 'actions.activate')}
              </Button>
            </div>
          );
        },
      },
    ],
    [t, format, degreeLevelName],
  );

  return (
    <>
      <PageHeader
        title={t(`nav:${titleKey}`)}
        description={t('nationalQualifications.description')}
        actions={
          <Button variant="primary" onPress={() => setAction({ kind: 'create' })}>
            {t('nationalQualifications.add')}
          </Button>
        }
      />
      <FilterBar
        label={t('filters.label')}
        actions={
          filtered ? (
            <Button variant="quiet" onPress={() => address.clearFilters()}>
              {t('filters.clear')}
            </Button>
          ) : null
        }
      >
        <SearchBox label={t('filters.search')} value={params.get('search') ?? ''} onSearch={(text) => set({ search: text })} />
        <SelectField label={t('nationalQualifications.degreeLevel')} value={params.get('degree_level') ?? ''} emptyLabel={t('filters.any')} options={degreeLevels} onChange={(value) => set({ degree_level: value })} />
        <SelectField
          label={t('nationalQualifications.profile')}
          value={params.get('profile') ?? ''}
          emptyLabel={t('filters.any')}
          options={QUALIFICATION_PROFILES.map((profile) => ({ value: profile, label: t(`profile.${profile}`) }))}
          onChange={(value) => set({ profile: value })}
        />
        <ActiveFilter address={address} />
      </FilterBar>
      <ListResults
        list={list}
        address={address}
        table={{
          label: t('nationalQualifications.label'),
          columns,
          rowKey: (row) => row.id,
          sortDescriptor: sort.sortDescriptor,
          onSortChange: sort.onSortChange,
          emptyText: t(filtered ? 'nationalQualifications.emptyFiltered' : 'nationalQualifications.empty'),
        }}
        count={(count) => t('nationalQualifications.count', { count })}
        noAccess={t('noAccess')}
      />
      {action?.kind === 'create' ? <NationalQualificationDialog qualification={null} onClose={() => setAction(null)} /> : null}
      {action?.kind === 'edit' ? (
        <NationalQualificationDialog qualification={action.qualification} onClose={() => setAction(null)} onDelete={() => setAction({ kind: 'delete', qualification: action.qualification })} />
      ) : null}
      {action?.kind === 'switch' ? <DeactivateDialog target={{ kind: 'national_qualification', qualification: action.qualification }} onClose={() => setAction(null)} /> : null}
      {action?.kind === 'delete' ? <DeleteDialog target={{ kind: 'national_qualification', qualification: action.qualification }} onClose={() => setAction(null)} /> : null}
    </>
  );
}
