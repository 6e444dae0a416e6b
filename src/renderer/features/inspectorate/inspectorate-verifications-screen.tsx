import { useTranslation } from 'react-i18next';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { Link } from 'react-router-dom';
import type { ApplicationListItem } from '../../../shared/api/applications';
import type { DataColumn } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { useInspectorateList, type InspectorateList } from './api';
import { VerificationPanel } from './verification-panel';
import './inspectorate.css';
import { useCountryName } from '../../lib/country-names';
import { useFormat } from '../../lib/format';
import { ListResults } from '../../components/list-screen';
import { useListAddress, withListParams, type ListAddress } from '../../lib/list-address';

// The inspectorate's work (spec §4): service 3 applications waiting for its verification, and
// those it decided. The open list, its page and the selected application live in the URL
// (?list=decided&page=2&application=42), so a link or a reload shows the same thing.

function positiveNumber(value: string | null): number | null {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : null;
}

export function InspectorateVerificationsScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['inspectorate', 'nav']);
  const address = useListAddress(['list']);
  const { params, set } = address;
  const list: InspectorateList = params.get('list') === 'decided' ? 'decided' : 'waiting';
  const selected = positiveNumber(params.get('application'));

  return (
    <>
      <PageHeader title={t(titleKey, { ns: 'nav' })} description={t('description')} />
      <div className={selected === null ? 'inspectorate-layout' : 'inspectorate-layout inspectorate-layout--with-panel'}>
        <Tabs selectedKey={list} onSelectionChange={(key: Key) => set({ list: key === 'decided' ? 'decided' : null })}>
          <TabList aria-label={t('lists')} className="tab-list">
            <Tab id="waiting" className="tab">
              {t('waiting.tab')}
            </Tab>
            <Tab id="decided" className="tab">
              {t('decided.tab')}
            </Tab>
          </TabList>
          <TabPanel id="waiting">
            <ApplicationsTable list="waiting" address={address} selected={selected} />
          </TabPanel>
          <TabPanel id="decided">
            <ApplicationsTable list="decided" address={address} selected={selected} />
          </TabPanel>
        </Tabs>
        {selected !== null ? <VerificationPanel key={selected} applicationId={selected} onClose={() => set({ application: null })} /> : null}
      </div>
    </>
  );
}

interface ApplicationsTableProps {
  list: InspectorateList;
  address: ListAddress;
  selected: number | null;
}

function ApplicationsTable({ list, address, selected }: ApplicationsTableProps) {
  const { t } = useTranslation(['inspectorate', 'applications', 'common']);
  const format = useFormat();
  const country = useCountryName();
  const query = useInspectorateList(list, address.page, address.pageSize);
  const date = format.date;
  const select = (id: number) => withListParams(address.params, { application: String(id) }, []);

  const columns: DataColumn<ApplicationListItem>[] = [
    {
      id: 'reference',
      kind: 'reference',
      title: t('columns.reference'),
      isRowHeader: true,
      render: (row) => (
        <Link to={{ search: select(row.id).toString() }} aria-current={row.id === selected ? 'true' : undefined}>
          {row.reference}
        </Link>
      ),
    },
    { id: 'applicant', kind: 'text', title: t('columns.applicant'), render: (row) => row.applicant.full_name },
    { id: 'institution', kind: 'text', title: t('columns.institution'), render: (row) => row.institution_name ?? '—' },
    { id: 'country', kind: 'text', title: t('columns.country'), render: (row) => country(row.institution_country) },
    { id: 'submitted', kind: 'date', title: t('columns.submitted'), render: (row) => date(row.submitted_at) },
    ...(list === 'waiting'
      ? [
          {
            id: 'deadline',
            kind: 'date' as const,
            title: t('columns.deadline'),
            render: (row: ApplicationListItem) => (
              <span className={row.overdue ? 'overdue-marker' : undefined}>
                {date(row.deadline)}
                {row.overdue ? ` · ${t('columns.overdue')}` : ''}
              </span>
            ),
          },
        ]
      : [{ id: 'outcome', kind: 'status' as const, title: t('columns.outcome'), render: (row: ApplicationListItem) => t(`applications:status.${row.status}`) }]),
  ];

  const count = query.data?.count ?? 0;
  return (
    <ListResults
      list={query}
      address={address}
      above={count > 0 ? <p>{t(`${list}.intro`)}</p> : null}
      empty={<EmptyState title={t(`${list}.emptyTitle`)} description={t(`${list}.emptyDescription`)} />}
      table={{ label: t(`${list}.tableLabel`), columns, rowKey: (row) => row.id, onRowAction: (key) => address.set({ application: String(key) }) }}
      count={(count) => t('count', { count })}
      noAccess={t('common:noAccess.inspectorate')}
      couldNotLoad={t('couldNotLoad')}
    />
  );
}
