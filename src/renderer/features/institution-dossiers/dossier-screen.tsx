import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { AccreditationPeriod, InstitutionCheck, VerificationContact, WatchEntry } from '../../../shared/api/authenticity';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { DatePickerField } from '../../components/date-picker-field';
import { ConfirmDialog } from '../../components/dialog';
import { PageHeader } from '../../components/page-header';
import { RecordLoadError } from '../../components/record-load-error';
import { Spinner } from '../../components/spinner';
import { StateBadge } from '../../components/state-badge';
import { notifySuccess } from '../../components/toast';
import { useFormat } from '../../lib/format';
import { useAccreditedOn, useInstitution, useInstitutionDossier, useLiftWatchEntry, useRemoveContact, useRemovePeriod } from './api';
import { DossierDialog, type DossierForm } from './dossier-dialogs';
import './institution-dossiers.css';

// An institution's dossier (reference data → institution → Dossier): its accreditation periods
// with the question "accredited on …?", the verification contacts from official sources, the
// checks with their evidence, and the watch list. Administrators keep it; the route is theirs.

const LOAD_TEXTS = {
  namespace: 'authenticity',
  notFoundTitle: 'panel.noInstitution',
  notFoundDescription: 'panel.noInstitution',
  noAccess: 'panel.loadError',
  back: 'dossier.title',
};

export function InstitutionDossierScreen() {
  const { t } = useTranslation(['authenticity', 'common']);
  const format = useFormat();
  const id = Number(useParams().institutionId);
  const institution = useInstitution(id);
  const dossier = useInstitutionDossier(id);
  const [form, setForm] = useState<DossierForm | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [lifting, setLifting] = useState<number | null>(null);
  const accredited = useAccreditedOn(id, day);
  const removePeriod = useRemovePeriod(id);
  const removeContact = useRemoveContact(id);
  const lift = useLiftWatchEntry(id);

  const periodColumns = useMemo<DataColumn<AccreditationPeriod>[]>(
    () => [
      { id: 'from', kind: 'date', title: t('fields.validFrom'), isRowHeader: true, text: (row) => format.date(row.valid_from) },
      { id: 'to', kind: 'date', title: t('fields.validToColumn'), text: (row) => (row.valid_to ? format.date(row.valid_to) : t('periodOpen')) },
      { id: 'status', kind: 'status', title: t('fields.status'), text: (row) => t(`periodStatus.${row.status}`) },
      { id: 'body', kind: 'text', title: t('fields.accreditingBody'), wraps: true, text: (row) => row.accrediting_body },
      { id: 'source', kind: 'text', title: t('fields.source'), text: (row) => [row.source_document, row.source_url].filter(Boolean).join(' · ') },
      {
        id: 'actions',
        kind: 'actions',
        title: '',
        render: (row) => (
          <Button variant="quiet" isDisabled={removePeriod.isPending} onPress={() => removePeriod.mutate(row.id, { onSuccess: () => notifySuccess('deleted') })}>
            {t('dossier.remove')}
          </Button>
        ),
      },
    ],
    [t, format, removePeriod],
  );
  const contactColumns = useMemo<DataColumn<VerificationContact>[]>(
    () => [
      { id: 'email', kind: 'text', title: t('fields.registrarEmail'), isRowHeader: true, text: (row) => row.registrar_email ?? '—' },
      { id: 'address', kind: 'text', title: t('fields.postalAddress'), text: (row) => row.postal_address ?? '—' },
      { id: 'language', kind: 'status', title: t('fields.language'), text: (row) => t(`language.${row.language}`) },
      { id: 'source', kind: 'text', title: t('fields.source'), text: (row) => row.source },
      { id: 'checked', kind: 'date', title: t('fields.checkedOn'), text: (row) => format.date(row.checked_on) },
      {
        id: 'actions',
        kind: 'actions',
        title: '',
        render: (row) => (
          <Button variant="quiet" isDisabled={removeContact.isPending} onPress={() => removeContact.mutate(row.id, { onSuccess: () => notifySuccess('deleted') })}>
            {t('dossier.remove')}
          </Button>
        ),
      },
    ],
    [t, format, removeContact],
  );
  const checkColumns = useMemo<DataColumn<InstitutionCheck>[]>(
    () => [
      { id: 'checked', kind: 'date', title: t('fields.checkedOn'), isRowHeader: true, text: (row) => format.date(row.checked_on) },
      { id: 'subject', kind: 'text', title: t('fields.subject'), text: (row) => t(`checkSubject.${row.subject}`) },
      { id: 'finding', kind: 'status', title: t('fields.finding'), text: (row) => t(`checkFinding.${row.finding}`) },
      { id: 'details', kind: 'text', title: t('fields.details'), wraps: true, text: (row) => row.details },
      { id: 'evidence', kind: 'text', title: t('fields.evidence'), wraps: true, text: (row) => row.evidence ?? '—' },
      { id: 'by', kind: 'text', title: t('fields.checkedBy'), text: (row) => row.checked_by ?? t('unknownPerson') },
    ],
    [t, format],
  );
  const entryColumns = useMemo<DataColumn<WatchEntry>[]>(
    () => [
      { id: 'category', kind: 'status', title: t('fields.category'), isRowHeader: true, text: (row) => t(`watchCategory.${row.category}`) },
      { id: 'source', kind: 'text', title: t('fields.source'), text: (row) => row.source },
      { id: 'note', kind: 'text', title: t('fields.note'), wraps: true, text: (row) => row.note ?? '—' },
      {
        id: 'state',
        kind: 'text',
        title: t('fields.status'),
        text: (row) =>
          row.lifted_at
            ? t('dossier.lifted', { date: format.date(row.lifted_at), name: row.lifted_by ?? t('unknownPerson') })
            : t('dossier.running', { date: format.date(row.created_at), name: row.created_by ?? t('unknownPerson') }),
        render: (row) => (
          <StateBadge on={row.lifted_at === null}>
            {row.lifted_at
              ? t('dossier.lifted', { date: format.date(row.lifted_at), name: row.lifted_by ?? t('unknownPerson') })
              : t('dossier.running', { date: format.date(row.created_at), name: row.created_by ?? t('unknownPerson') })}
          </StateBadge>
        ),
      },
      { id: 'flagged', kind: 'number', title: t('fields.flaggedApplications'), text: (row) => format.number(row.flagged_applications) },
      {
        id: 'actions',
        kind: 'actions',
        title: '',
        render: (row) =>
          row.lifted_at ? null : (
            <Button variant="quiet" isDisabled={lift.isPending} onPress={() => setLifting(row.id)}>
              {t('dossier.lift')}
            </Button>
          ),
      },
    ],
    [t, format, lift.isPending],
  );

  if (institution.isError || dossier.isError) return <RecordLoadError titleKey="institutionDossier" error={institution.error ?? dossier.error} texts={LOAD_TEXTS} listPath="/reference" />;
  if (!institution.data || !dossier.data) return <Spinner />;
  const record = dossier.data;
  const running = record.watch_entries.some((entry) => entry.lifted_at === null);

  return (
    <>
      <PageHeader title={`${t('dossier.title')}: ${format.name(institution.data)}`} description={institution.data.country} />
      <section className="dossier-section" aria-labelledby="dossier-periods">
        <div className="dossier-section__head">
          <h2 id="dossier-periods">{t('dossier.periods')}</h2>
          <Button variant="secondary" onPress={() => setForm('period')}>
            {t('dossier.addPeriod')}
          </Button>
        </div>
        <div className="dossier-ask">
          <DatePickerField label={t('dossier.askOn')} value={day} onChange={setDay} />
          {accredited.data ? <p role="status">{t(`accreditationAnswer.${accredited.data.answer}`, { date: format.date(accredited.data.on) })}</p> : null}
        </div>
        <DataTable label={t('dossier.periodsTable')} columns={periodColumns} rows={record.accreditation_periods} rowKey={(row) => row.id} emptyText={t('dossier.noPeriods')} />
      </section>
      <section className="dossier-section" aria-labelledby="dossier-watch">
        <div className="dossier-section__head">
          <h2 id="dossier-watch">{t('dossier.watchList')}</h2>
          {running ? null : (
            <Button variant="secondary" onPress={() => setForm('watch')}>
              {t('dossier.addWatchEntry')}
            </Button>
          )}
        </div>
        <DataTable label={t('dossier.entriesTable')} columns={entryColumns} rows={record.watch_entries} rowKey={(row) => row.id} emptyText={t('dossier.notListed')} />
      </section>
      <section className="dossier-section" aria-labelledby="dossier-contacts">
        <div className="dossier-section__head">
          <h2 id="dossier-contacts">{t('dossier.contacts')}</h2>
          <Button variant="secondary" onPress={() => setForm('contact')}>
            {t('dossier.addContact')}
          </Button>
        </div>
        <DataTable label={t('dossier.contactsTable')} columns={contactColumns} rows={record.contacts} rowKey={(row) => row.id} emptyText={t('dossier.noContacts')} />
      </section>
      <section className="dossier-section" aria-labelledby="dossier-checks">
        <div className="dossier-section__head">
          <h2 id="dossier-checks">{t('dossier.checks')}</h2>
          <Button variant="secondary" onPress={() => setForm('check')}>
            {t('dossier.addCheck')}
          </Button>
        </div>
        <DataTable label={t('dossier.checksTable')} columns={checkColumns} rows={record.checks} rowKey={(row) => row.id} emptyText={t('dossier.noChecks')} />
      </section>
      {form ? <DossierDialog form={form} institutionId={id} onClose={() => setForm(null)} /> : null}
      <ConfirmDialog
        isOpen={lifting !== null}
        onOpenChange={(open) => !open && setLifting(null)}
        title={t('dossier.lift')}
        message={t('dossier.liftConfirm')}
        confirmLabel={t('dossier.lift')}
        isPending={lift.isPending}
        onConfirm={() => lifting !== null && lift.mutate(lifting, { onSuccess: () => (notifySuccess('saved'), setLifting(null)) })}
      />
    </>
  );
}
