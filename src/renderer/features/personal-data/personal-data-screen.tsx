import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { Link } from 'react-router-dom';
import type { DueApplication, ErasureRequestRow, LegalHoldsAnswer, RetentionAnswer, RetentionRun } from '../../../shared/api/personal-data';
import { kosovoDate } from '../../../shared/domain/deadline-dates';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { ConfirmDialog } from '../../components/dialog';
import { LegalHoldDialog } from '../../components/legal-hold-panel';
import { FilterBar, ListResults } from '../../components/list-screen';
import { PageHeader } from '../../components/page-header';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { describeRefusal } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { usePlaceApplicationHold } from '../../lib/legal-hold-api';
import { useListAddress } from '../../lib/list-address';
import { useErasureRequests, useLegalHolds, useRetention, useRetentionPreview, useRunRetention } from './api';
import { erasurePage, ERASURE_STATES, type ErasureState } from './erasure-list';
import './personal-data.css';

const TABS = ['retention', 'holds', 'erasure'] as const;
type TabName = (typeof TABS)[number];
const FILTERS = ['state'];

function Failure({ error }: { error: unknown }) {
  const { t } = useTranslation(['personal-data', 'common']);
  return (
    <Alert tone="error" title={t('common:couldNotLoad')}>
      <p>{describeRefusal(error, t).message}</p>
    </Alert>
  );
}

/**
 * /personal-data (administrators): the retention rules in force and the next run's preview (what
 * would be anonymised and why, what a hold keeps) with Run now, the recent runs, every legal hold
 * and the erasure requests. The open tab is in the address (`?tab=holds`).
 */
export function PersonalDataScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['personal-data', 'nav']);
  const address = useListAddress(FILTERS);
  const tab: TabName = (TABS as readonly string[]).includes(address.params.get('tab') ?? '') ? (address.params.get('tab') as TabName) : 'retention';
  const select = (key: Key) => address.set({ tab: key === 'retention' ? null : String(key), state: null, page: null });
  return (
    <>
      <PageHeader
        title={t(titleKey, { ns: 'nav' })}
        description={t('overview.description')}
        actions={
          <Link to="/personal-data/people" className="button button--secondary">
            {t('people.find')}
          </Link>
        }
      />
      <Tabs selectedKey={tab} onSelectionChange={select}>
        <TabList aria-label={t('overview.tabsLabel')} className="tab-list">
          {TABS.map((name) => (
            <Tab key={name} id={name} className="tab">
              {t(`overview.tabs.${name}`)}
            </Tab>
          ))}
        </TabList>
        <TabPanel id="retention">{tab === 'retention' ? <RetentionTab /> : null}</TabPanel>
        <TabPanel id="holds">{tab === 'holds' ? <HoldsTab /> : null}</TabPanel>
        <TabPanel id="erasure">{tab === 'erasure' ? <ErasureTab address={address} /> : null}</TabPanel>
      </Tabs>
    </>
  );
}

function RetentionTab() {
  const { t } = useTranslation(['personal-data', 'applications', 'common']);
  const format = useFormat();
  const preview = useRetentionPreview(null);
  const retention = useRetention();
  const [holding, setHolding] = useState<DueApplication | null>(null);
  const [running, setRunning] = useState(false);

  const dueColumns = useMemo<DataColumn<DueApplication>[]>(
    () => [
      { id: 'reference', kind: 'reference', title: t('fields.reference'), isRowHeader: true, text: (row) => row.reference, render: (row) => <Link to={`/applications/${row.id}`}>{row.reference}</Link> },
      { id: 'applicant', kind: 'text', title: t('fields.applicant'), text: (row) => row.applicant_name },
      { id: 'service', kind: 'text', title: t('fields.service'), text: (row) => t(`applications:service.${row.service_type}`), hideBelow: 1100 },
      // Why it is due: closed on that day, kept that many years, so until that day.
      { id: 'closed', kind: 'date', title: t('fields.closedOn'), text: (row) => format.date(row.closed_on) },
      { id: 'years', kind: 'number', title: t('fields.years'), text: (row) => format.number(row.years) },
      { id: 'kept', kind: 'date', title: t('fields.keptUntil'), text: (row) => format.date(row.kept_until) },
      { id: 'files', kind: 'number', title: t('fields.files'), text: (row) => format.number(row.documents) },
      {
        id: 'actions',
        kind: 'actions',
        title: t('fields.actions'),
        render: (row) => (
          <Button variant="secondary" onPress={() => setHolding(row)} aria-label={t('holds.placeOn', { subject: row.reference })}>
            {t('holds.place')}
          </Button>
        ),
      },
    ],
    [t, format],
  );
  const heldColumns = useMemo<DataColumn<DueApplication>[]>(
    () => [
      { id: 'reference', kind: 'reference', title: t('fields.reference'), isRowHeader: true, text: (row) => row.reference, render: (row) => <Link to={`/applications/${row.id}`}>{row.reference}</Link> },
      { id: 'applicant', kind: 'text', title: t('fields.applicant'), text: (row) => row.applicant_name },
      { id: 'kept', kind: 'date', title: t('fields.keptUntil'), text: (row) => format.date(row.kept_until) },
      { id: 'reason', kind: 'text', title: t('fields.holdReason'), wraps: true, text: (row) => row.hold_reason ?? '' },
    ],
    [t, format],
  );

  return (
    <div className="personal-data">
      <section className="card" aria-labelledby="retention-preview">
        <h2 id="retention-preview">{t('preview.title')}</h2>
        {preview.isPending ? <Spinner label={t('common:loading')} /> : null}
        {preview.isError ? <Failure error={preview.error} /> : null}
        {preview.data ? (
          <>
            <p className="personal-data__headline">
              {t('preview.headline', { count: preview.data.applications, date: format.date(preview.data.on) })}{' '}
              {preview.data.applications > 0 ? t('preview.files', { count: preview.data.documents }) : null}
            </p>
            <p>{t('preview.what')}</p>
            <div className="personal-data__actions">
              <Button variant="primary" onPress={() => setRunning(true)}>
                {t('run.now')}
              </Button>
            </div>
            <h3>{t('preview.dueTitle')}</h3>
            <DataTable label={t('preview.dueTable')} columns={dueColumns} rows={preview.data.due} rowKey={(row) => row.id} emptyText={t('preview.noneDue')} />
            {preview.data.due.length < preview.data.applications ? <p>{t('preview.more', { count: preview.data.applications - preview.data.due.length })}</p> : null}
            <h3>{t('preview.heldTitle')}</h3>
            <DataTable label={t('preview.heldTable')} columns={heldColumns} rows={preview.data.held} rowKey={(row) => row.id} emptyText={t('preview.noneHeld')} />
          </>
        ) : null}
      </section>
      {retention.isError ? <Failure error={retention.error} /> : null}
      {retention.data ? <Rules retention={retention.data} /> : null}
      {retention.data ? <Runs runs={retention.data.runs} /> : null}
      {holding ? <PreviewHoldDialog application={holding} onClose={() => setHolding(null)} /> : null}
      {running ? <RunNowDialog onClose={() => setRunning(false)} /> : null}
    </div>
  );
}

function PreviewHoldDialog({ application, onClose }: { application: DueApplication; onClose(): void }) {
  const place = usePlaceApplicationHold(application.id);
  return (
    <LegalHoldDialog
      subject={application.reference}
      isPending={place.isPending}
      error={place.error}
      onPlace={(request) => place.mutate(request, { onSuccess: () => (notifySuccess('saved'), onClose()) })}
      onClose={onClose}
    />
  );
}

/** Run now anonymises what is due today, which may differ from the next run's preview: the dialog counts today's. */
function RunNowDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation(['personal-data', 'common']);
  const format = useFormat();
  const today = kosovoDate(new Date());
  const due = useRetentionPreview(today);
  const run = useRunRetention();
  const message = due.isPending ? (
    <Spinner label={t('common:loading')} />
  ) : due.isError ? (
    <p>{describeRefusal(due.error, t).message}</p>
  ) : (
    <>
      <p>{t('run.confirmMessage', { count: due.data.applications, date: format.date(today) })}</p>
      {due.data.applications > 0 ? <p>{t('run.confirmFiles', { count: due.data.documents })}</p> : null}
      <p>{t('run.confirmKept')}</p>
    </>
  );
  return (
    <ConfirmDialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={t('run.confirmTitle')}
      message={message}
      confirmLabel={t('run.confirm')}
      isDestructive
      isPending={run.isPending}
      error={run.error ? describeRefusal(run.error, t).message : null}
      onConfirm={() =>
        run.mutate(undefined, {
          onSuccess: (result) => {
            notifySuccess('updated', t('run.done', { count: result.applications, files: result.documents }));
            onClose();
          },
        })
      }
    />
  );
}

interface ServiceRule {
  service_type: number;
  service_name: string;
  years: number;
  own_rule: boolean;
}

function Rules({ retention }: { retention: RetentionAnswer }) {
  const { t } = useTranslation(['personal-data', 'applications']);
  const format = useFormat();
  const columns = useMemo<DataColumn<ServiceRule>[]>(
    () => [
      { id: 'service', kind: 'text', title: t('fields.service'), isRowHeader: true, text: (row) => t(`applications:service.${row.service_type}`, { defaultValue: row.service_name }) },
      { id: 'years', kind: 'number', title: t('fields.years'), text: (row) => format.number(row.years) },
      { id: 'rule', kind: 'text', title: t('fields.rule'), text: (row) => (row.own_rule ? t('rules.own') : t('rules.general')) },
    ],
    [t, format],
  );
  return (
    <section className="card" aria-labelledby="retention-rules">
      <h2 id="retention-rules">{t('rules.title')}</h2>
      <p>{t('rules.general_years', { count: retention.personal_data_years })}</p>
      <p>{t('rules.permanent')}</p>
      <DataTable label={t('rules.table')} columns={columns} rows={retention.services} rowKey={(row) => row.service_type} />
      <p>
        <Link to="/settings">{t('rules.edit')}</Link>
      </p>
    </section>
  );
}

function Runs({ runs }: { runs: RetentionRun[] }) {
  const { t } = useTranslation('personal-data');
  const format = useFormat();
  const columns = useMemo<DataColumn<RetentionRun>[]>(
    () => [
      { id: 'started', kind: 'date', title: t('fields.startedAt'), isRowHeader: true, text: (row) => format.dateTime(row.started_at) },
      { id: 'trigger', kind: 'text', title: t('fields.trigger'), text: (row) => (row.trigger === 'manual' ? t('runs.manual', { name: row.started_by ?? t('holds.someone') }) : t('runs.scheduled')) },
      { id: 'applications', kind: 'number', title: t('fields.anonymised'), text: (row) => format.number(row.applications) },
      { id: 'files', kind: 'number', title: t('fields.filesDeleted'), text: (row) => format.number(row.documents) },
      { id: 'finished', kind: 'text', title: t('fields.finished'), text: (row) => (row.finished_at ? format.dateTime(row.finished_at) : t('runs.unfinished')) },
    ],
    [t, format],
  );
  return (
    <section className="card" aria-labelledby="retention-runs">
      <h2 id="retention-runs">{t('runs.title')}</h2>
      <DataTable label={t('runs.title')} columns={columns} rows={runs} rowKey={(row) => row.id} emptyText={t('runs.none')} />
    </section>
  );
}

type HeldRow = { key: string; kind: 'application' | 'person'; id: number; name: string; reference: string | null } & LegalHoldsAnswer['people'][number]['hold'];

function HoldsTab() {
  const { t } = useTranslation(['personal-data', 'common']);
  const format = useFormat();
  const holds = useLegalHolds();
  const rows = useMemo<HeldRow[]>(
    () =>
      holds.data
        ? [
            ...holds.data.applications.map((row) => ({ key: `a${row.id}`, kind: 'application' as const, id: row.id, name: row.applicant_name, reference: row.reference, ...row.hold })),
            ...holds.data.people.map((row) => ({ key: `p${row.id}`, kind: 'person' as const, id: row.id, name: row.name, reference: null, ...row.hold })),
          ]
        : [],
    [holds.data],
  );
  const columns = useMemo<DataColumn<HeldRow>[]>(
    () => [
      {
        id: 'held',
        kind: 'text',
        title: t('fields.held'),
        isRowHeader: true,
        text: (row) => (row.kind === 'application' ? `${row.reference} · ${row.name}` : row.name),
        render: (row) =>
          row.kind === 'application' ? <Link to={`/applications/${row.id}`}>{`${row.reference} · ${row.name}`}</Link> : <Link to={`/personal-data/people/${row.id}`}>{row.name}</Link>,
      },
      { id: 'kind', kind: 'text', title: t('fields.kind'), width: '9rem', text: (row) => t(`holds.kinds.${row.kind}`) },
      { id: 'reason', kind: 'text', title: t('fields.holdReason'), wraps: true, text: (row) => row.reason },
      { id: 'by', kind: 'text', title: t('fields.setBy'), text: (row) => row.set_by ?? '—' },
      { id: 'at', kind: 'date', title: t('fields.setAt'), text: (row) => format.date(row.set_at) },
    ],
    [t, format],
  );
  return (
    <section className="card personal-data" aria-labelledby="legal-holds">
      <h2 id="legal-holds">{t('holds.listTitle')}</h2>
      <p>{t('holds.listHint')}</p>
      {holds.isPending ? <Spinner label={t('common:loading')} /> : null}
      {holds.isError ? <Failure error={holds.error} /> : null}
      {holds.data ? <DataTable label={t('holds.listTitle')} columns={columns} rows={rows} rowKey={(row) => row.key} emptyText={t('holds.noneListed')} /> : null}
    </section>
  );
}

function ErasureTab({ address }: { address: ReturnType<typeof useListAddress> }) {
  const { t } = useTranslation(['personal-data', 'common']);
  const format = useFormat();
  const requests = useErasureRequests();
  const state = (ERASURE_STATES as readonly string[]).includes(address.params.get('state') ?? '') ? (address.params.get('state') as ErasureState) : null;
  const list = { ...requests, data: requests.data ? erasurePage(requests.data, state, address.page, address.pageSize) : undefined };
  const columns = useMemo<DataColumn<ErasureRequestRow>[]>(
    () => [
      { id: 'received', kind: 'date', title: t('fields.receivedOn'), isRowHeader: true, text: (row) => format.date(row.received_on) },
      { id: 'person', kind: 'text', title: t('fields.person'), text: (row) => row.name, render: (row) => <Link to={`/personal-data/people/${row.applicant_id}?request=${row.id}`}>{row.name}</Link> },
      { id: 'state', kind: 'status', title: t('fields.outcome'), text: (row) => (row.outcome ? t(`erasure.outcomes.${row.outcome}`) : t('erasure.waiting')) },
      { id: 'answered', kind: 'date', title: t('fields.answerSentOn'), text: (row) => (row.answer_sent_on ? format.date(row.answer_sent_on) : '—') },
      { id: 'recorded', kind: 'text', title: t('fields.recordedBy'), text: (row) => row.recorded_by ?? '—' },
    ],
    [t, format],
  );
  return (
    <div className="personal-data">
      <p>{t('erasure.listHint')}</p>
      <FilterBar label={t('erasure.filters')}>
        <SelectField
          label={t('erasure.stateFilter')}
          value={state ?? ''}
          emptyLabel={t('erasure.anyState')}
          options={ERASURE_STATES.map((value) => ({ value, label: t(`erasure.states.${value}`) }))}
          onChange={(value) => address.set({ state: value })}
        />
      </FilterBar>
      <ListResults
        list={list}
        address={address}
        table={{ label: t('erasure.table'), columns, rowKey: (row) => row.id, emptyText: t('erasure.none') }}
        count={(count) => t('erasure.count', { count })}
        noAccess={t('noAccess')}
      />
    </div>
  );
}

