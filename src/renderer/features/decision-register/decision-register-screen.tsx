import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { REGISTER_EXPORT_FORMATS, type DecisionRegisterFilter, type DecisionRegisterQuery, type RegisterEntry } from '../../../shared/api/decision-precedents';
import { DECISION_STATES, RECOGNITION_OUTCOMES } from '../../../shared/api/recognition-decisions';
import { hasPermission } from '../../../shared/auth/permissions';
import type { DataColumn } from '../../components/data-table';
import { DatePickerField } from '../../components/date-picker-field';
import { ExportMenu } from '../../components/export-menu';
import { activeFilterCount, FilterBar, ListResults } from '../../components/list-screen';
import { PageHeader } from '../../components/page-header';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { Button } from '../../components/button';
import { useFormat } from '../../lib/format';
import { useListAddress, useListSort } from '../../lib/list-address';
import { currentUserAtom } from '../../lib/session';
import { exportRegister, useDecisionRegister, useRegisterCouncils, useRegisterOfficers } from './api';

// /decisions: the register of every recognition decision, for every member of staff, with its
// filters and exports. The applicant's name is a column only when the server sends it (it leaves
// it out for readers who may not see it); the reference links to the decision when the reader may
// open the application.

const FILTERS = ['service_type', 'outcome', 'state', 'decided_from', 'decided_to', 'council', 'officer', 'country', 'institution'] as const;
const SORT = { columns: { decided_at: 'decided_at' }, initial: '-decided_at' };
const MORE = ['decided_from', 'decided_to', 'council', 'officer', 'country'] as const;

function filterOf(params: URLSearchParams): DecisionRegisterFilter {
  const filter: Record<string, string> = {};
  for (const name of FILTERS) {
    const value = params.get(name);
    if (value) filter[name] = value;
  }
  return filter as DecisionRegisterFilter;
}

export function DecisionRegisterScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['precedents', 'decisions', 'applications', 'nav', 'common']);
  const format = useFormat();
  const user = useAtomValue(currentUserAtom);
  const address = useListAddress(FILTERS);
  const { params, page, pageSize } = address;
  const sort = useListSort(address, SORT);
  const filter = filterOf(params);
  const query: DecisionRegisterQuery = { page, page_size: pageSize, ordering: sort.ordering as DecisionRegisterQuery['ordering'], ...filter };
  const list = useDecisionRegister(query);
  const readsApplications = hasPermission(user, 'applications.view_application');
  const councils = useRegisterCouncils(readsApplications);
  const officers = useRegisterOfficers(hasPermission(user, 'applications.change_application'));
  const showsNames = list.data?.results.some((row) => row.applicant_name !== undefined) ?? false;

  const columns = useMemo<DataColumn<RegisterEntry>[]>(
    () => [
      { id: 'decided_at', title: t('columns.decided'), kind: 'date', allowsSorting: true, text: (row) => format.date(row.decided_at) },
      {
        id: 'reference',
        title: t('columns.reference'),
        kind: 'reference',
        isRowHeader: true,
        render: (row) => (row.may_open ? <Link to={`/applications/${row.application_id}/decision`}>{row.reference}</Link> : row.reference),
      },
      ...(showsNames ? [{ id: 'applicant', title: t('columns.applicant'), kind: 'text' as const, text: (row: RegisterEntry) => row.applicant_name ?? t('register.notShown') }] : []),
      { id: 'service', title: t('columns.service'), kind: 'text', text: (row) => t(`applications:service.${row.service_type}`) },
      { id: 'outcome', title: t('columns.outcome'), kind: 'text', text: (row) => t(`decisions:outcome.${row.outcome}`) },
      { id: 'state', title: t('columns.state'), kind: 'status', text: (row) => t(`register.states.${row.state}`) },
      {
        id: 'qualification',
        title: t('columns.qualification'),
        kind: 'text',
        text: (row) => [row.programme, row.institution_name, row.country].filter(Boolean).join(' · '),
      },
      { id: 'council', title: t('columns.council'), kind: 'text', text: (row) => (row.council ? format.name(row.council) : '—'), hideBelow: 1100 },
      { id: 'officer', title: t('columns.officer'), kind: 'text', text: (row) => row.approved_by ?? row.prepared_by ?? '—', hideBelow: 1100 },
    ],
    [t, format, showsNames],
  );

  const set = (name: string, value: string | null) => address.set({ [name]: value || null });
  const from = params.get('decided_from');
  const to = params.get('decided_to');

  return (
    <>
      <PageHeader
        title={t(titleKey, { ns: 'nav' })}
        description={t('register.description')}
        actions={
          <ExportMenu
            texts={{
              menu: t('register.export.menu'),
              format: (choice) => t(`register.export.formats.${choice}`),
              busy: t('register.export.busy'),
              saved: (name) => t('register.export.saved', { name }),
              failed: t('register.export.failed'),
            }}
            formats={REGISTER_EXPORT_FORMATS}
            onExport={(choice, language) => exportRegister({ filter, format: choice }, language)}
          />
        }
      />
      <FilterBar
        label={t('register.filters')}
        moreInUse={activeFilterCount(params, MORE)}
        more={
          <>
            <DatePickerField label={t('register.from')} value={from} maxValue={to} clearLabel={t('register.clearDate', { field: t('register.from') })} onChange={(value) => set('decided_from', value)} />
            <DatePickerField label={t('register.to')} value={to} minValue={from} clearLabel={t('register.clearDate', { field: t('register.to') })} onChange={(value) => set('decided_to', value)} />
            {readsApplications ? (
              <SelectField
                label={t('columns.council')}
                value={params.get('council') ?? ''}
                emptyLabel={t('register.any')}
                options={format.sortedByName(councils.data ?? []).map((council) => ({ value: String(council.id), label: format.name(council) }))}
                onChange={(value) => set('council', value)}
              />
            ) : null}
            {officers.data ? (
              <SelectField
                label={t('columns.officer')}
                value={params.get('officer') ?? ''}
                emptyLabel={t('register.any')}
                isSearchable
                options={officers.data.map((officer) => ({ value: String(officer.id), label: officer.full_name }))}
                onChange={(value) => set('officer', value)}
              />
            ) : null}
            <TextField
              label={t('register.country')}
              value={params.get('country') ?? ''}
              maxLength={2}
              onChange={(value) => set('country', /^[a-zA-Z]{2}$/.test(value) ? value.toUpperCase() : null)}
            />
          </>
        }
        actions={
          address.filtered ? (
            <Button variant="quiet" onPress={() => address.clearFilters()}>
              {t('register.clear')}
            </Button>
          ) : null
        }
      >
        <SelectField
          label={t('columns.service')}
          value={params.get('service_type') ?? ''}
          emptyLabel={t('register.any')}
          options={[1, 2].map((service) => ({ value: String(service), label: t(`applications:service.${service}`) }))}
          onChange={(value) => set('service_type', value)}
        />
        <SelectField
          label={t('columns.outcome')}
          value={params.get('outcome') ?? ''}
          emptyLabel={t('register.any')}
          options={RECOGNITION_OUTCOMES.map((outcome) => ({ value: outcome, label: t(`decisions:outcome.${outcome}`) }))}
          onChange={(value) => set('outcome', value)}
        />
        <SelectField
          label={t('columns.state')}
          value={params.get('state') ?? ''}
          emptyLabel={t('register.any')}
          options={DECISION_STATES.map((state) => ({ value: state, label: t(`register.states.${state}`) }))}
          onChange={(value) => set('state', value)}
        />
      </FilterBar>
      <ListResults
        list={list}
        address={address}
        table={{ label: t('register.table'), columns, rowKey: (row) => row.id, sortDescriptor: sort.sortDescriptor, onSortChange: sort.onSortChange, emptyText: t(address.filtered ? 'register.emptyFiltered' : 'register.empty') }}
        count={(count) => t('register.count', { count })}
        noAccess={t('register.noAccess')}
      />
    </>
  );
}
