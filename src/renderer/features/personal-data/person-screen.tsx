import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { ErasureRequestRow, PersonAnswer, PersonApplication } from '../../../shared/api/personal-data';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { DetailsList } from '../../components/details-list';
import { DownloadButton } from '../../components/download-button';
import { HoldActions, HoldLine } from '../../components/legal-hold-panel';
import { PageHeader } from '../../components/page-header';
import { RecordLoadError } from '../../components/record-load-error';
import { Spinner } from '../../components/spinner';
import { useFormat } from '../../lib/format';
import { useListAddress } from '../../lib/list-address';
import { useLiftPersonHold, usePerson, usePlacePersonHold } from './api';
import { ErasureRequestPanel, RecordErasureDialog } from './erasure-request-panel';
import './personal-data.css';

const LOAD_ERROR_TEXTS = { namespace: 'personal-data', notFoundTitle: 'person.notFoundTitle', notFoundDescription: 'person.notFoundDescription', noAccess: 'noAccess', back: 'person.back' };

/**
 * /personal-data/people/:personId (administrators): what is held about one person. Their record,
 * their applications and how long each keeps personal data, a legal hold on them, the subject
 * access export (one ZIP) and their erasure requests; the one open (`?request=`) shows its
 * assessment and, until answered, the decision.
 */
export function PersonScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['personal-data', 'nav', 'common']);
  const id = Number(useParams().personId);
  const person = usePerson(id);
  if (person.isPending) return <Spinner label={t('common:loading')} />;
  if (person.isError) return <RecordLoadError titleKey={titleKey} error={person.error} texts={LOAD_ERROR_TEXTS} listPath="/personal-data/people" />;
  return <PersonView answer={person.data} />;
}

function PersonView({ answer }: { answer: PersonAnswer }) {
  const { t } = useTranslation(['personal-data', 'applications', 'common']);
  const format = useFormat();
  const address = useListAddress([]);
  const { person } = answer;
  const requestId = Number(address.params.get('request')) || null;
  const [recording, setRecording] = useState(false);

  const applicationColumns = useMemo<DataColumn<PersonApplication>[]>(
    () => [
      { id: 'reference', kind: 'reference', title: t('fields.reference'), isRowHeader: true, text: (row) => row.reference, render: (row) => <Link to={`/applications/${row.id}`}>{row.reference}</Link> },
      { id: 'status', kind: 'status', title: t('fields.status'), text: (row) => t(`applications:status.${row.status}`, { defaultValue: row.status }) },
      { id: 'service', kind: 'text', title: t('fields.service'), text: (row) => t(`applications:service.${row.service_type}`), hideBelow: 1000 },
      { id: 'closed', kind: 'date', title: t('fields.closedOn'), text: (row) => (row.closed_on ? format.date(row.closed_on) : '—') },
      {
        id: 'kept',
        kind: 'text',
        title: t('fields.personalData'),
        text: (row) =>
          row.anonymised_at ? t('person.anonymisedOn', { date: format.date(row.anonymised_at) }) : row.kept_until ? t('person.keptUntil', { date: format.date(row.kept_until) }) : t('person.open'),
      },
      { id: 'hold', kind: 'text', title: t('fields.holdReason'), text: (row) => row.hold?.reason ?? '—' },
    ],
    [t, format],
  );
  const requestColumns = useMemo<DataColumn<ErasureRequestRow>[]>(
    () => [
      {
        id: 'received',
        kind: 'date',
        title: t('fields.receivedOn'),
        isRowHeader: true,
        text: (row) => format.date(row.received_on),
        render: (row) => <Link to={`?request=${row.id}`}>{format.date(row.received_on)}</Link>,
      },
      { id: 'state', kind: 'status', title: t('fields.outcome'), text: (row) => (row.outcome ? t(`erasure.outcomes.${row.outcome}`) : t('erasure.waiting')) },
      { id: 'answered', kind: 'date', title: t('fields.answerSentOn'), text: (row) => (row.answer_sent_on ? format.date(row.answer_sent_on) : '—') },
      { id: 'recorded', kind: 'text', title: t('fields.recordedBy'), text: (row) => row.recorded_by ?? '—' },
    ],
    [t, format],
  );

  return (
    <>
      <PageHeader
        title={person.name}
        description={t('person.description')}
        actions={<DownloadButton source="subject_export" documentId={person.id} fileName={`personal-data-${person.id}.zip`} label={t('person.export')} />}
      />
      <div className="personal-data personal-data--person">
        <section className="card" aria-labelledby="person-record">
          <h2 id="person-record">{t('person.record')}</h2>
          {person.anonymised_at ? <Alert tone="info">{t('person.anonymised', { date: format.date(person.anonymised_at) })}</Alert> : null}
          <DetailsList
            rows={[
              [t('fields.personalId'), person.personal_id],
              [t('fields.dateOfBirth'), person.date_of_birth ? format.date(person.date_of_birth) : null],
              [t('fields.email'), person.email],
              [t('fields.phone'), person.phone],
              [t('fields.applications'), format.number(person.applications)],
            ]}
          />
          <p className="personal-data__hint">{t('person.exportHint')}</p>
        </section>
        <PersonHold answer={answer} />
        <section className="card" aria-labelledby="person-applications">
          <h2 id="person-applications">{t('person.applications')}</h2>
          <DataTable label={t('person.applications')} columns={applicationColumns} rows={answer.applications} rowKey={(row) => row.id} emptyText={t('person.noApplications')} />
        </section>
        <section className="card" aria-labelledby="person-erasure">
          <h2 id="person-erasure">{t('erasure.title')}</h2>
          <div className="personal-data__actions">
            <Button variant="secondary" onPress={() => setRecording(true)}>
              {t('erasure.record')}
            </Button>
          </div>
          <DataTable label={t('erasure.title')} columns={requestColumns} rows={answer.erasure_requests} rowKey={(row) => row.id} emptyText={t('erasure.noneForPerson')} />
        </section>
        {requestId !== null && answer.erasure_requests.some((row) => row.id === requestId) ? <ErasureRequestPanel key={requestId} requestId={requestId} /> : null}
      </div>
      {recording ? <RecordErasureDialog personId={person.id} onClose={() => setRecording(false)} onRecorded={(created) => address.set({ request: String(created) })} /> : null}
    </>
  );
}

function PersonHold({ answer }: { answer: PersonAnswer }) {
  const { t } = useTranslation(['personal-data', 'common']);
  const { person } = answer;
  const place = usePlacePersonHold(person.id);
  const lift = useLiftPersonHold(person.id);
  return (
    <section className="card legal-hold" aria-labelledby="person-hold">
      <h2 id="person-hold">{t('holds.title')}</h2>
      <p>{person.hold ? <HoldLine hold={person.hold} /> : t('holds.nonePerson')}</p>
      {person.anonymised_at ? null : <HoldActions subject={person.name} hold={person.hold} place={place} lift={lift} liftMessage={t('holds.liftPersonMessage')} />}
    </section>
  );
}
