import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Heading } from 'react-aria-components';
import { holidayCreate, type Holiday, type HolidayCreate } from '../../../shared/api/deadlines';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { ConfirmDialog } from '../../components/dialog';
import { FormDateField, FormRootError, FormTextField } from '../../components/form-fields';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { describeRefusal, isAccessDenied, translateError } from '../../lib/error-translator';
import { useSchemaForm } from '../../lib/form';
import { useFormat } from '../../lib/format';
import { useAddHoliday, useHolidays, useImportHolidays, useRemoveHoliday } from './api';
import { localName } from './local-name';
import { positiveInteger, useScreenParams } from './screen-params';


/** The years offered: the calendar's bounds are the API's (2000–2100); around today is what is edited. */
function yearsAround(current: number): number[] {
  return Array.from({ length: 6 }, (_, index) => current - 2 + index);
}

/**
 * The Kosovo holiday calendar the working-day clock skips, one year at a time: the holidays of the
 * maintained library (imported) and those an administrator adds or removes.
 */
export function HolidayCalendar() {
  const { t } = useTranslation(['deadlines', 'common']);
  const format = useFormat();
  const { params, set } = useScreenParams();
  const thisYear = new Date().getFullYear();
  const chosen = positiveInteger(params.get('year'));
  const year = chosen !== null && chosen >= 2000 && chosen <= 2100 ? chosen : thisYear;
  const holidays = useHolidays(year);
  const remove = useRemoveHoliday();
  const importYear = useImportHolidays();
  const [removing, setRemoving] = useState<Holiday | null>(null);
  const years = [...new Set([...yearsAround(thisYear), year])].sort((a, b) => a - b);

  const columns: DataColumn<Holiday>[] = [
    { id: 'date', kind: 'date', title: t('holidays.date'), width: '9rem', render: (row) => format.date(row.date) },
    { id: 'name', kind: 'text', title: t('holidays.name'), isRowHeader: true, render: (row) => localName(row, format.language) },
    { id: 'source', kind: 'text', title: t('holidays.source'), width: '12rem', render: (row) => t(`holidays.sources.${row.source}`) },
    {
      id: 'actions',
      kind: 'actions',
      title: t('holidays.actions'),
      width: '9rem',
      wraps: true,
      render: (row) => (
        <Button variant="quiet" aria-label={t('holidays.removeNamed', { name: localName(row, format.language), date: format.date(row.date) })} onPress={() => setRemoving(row)}>
          {t('holidays.remove')}
        </Button>
      ),
    },
  ];

  const runImport = () =>
    importYear.mutate(year, {
      onSuccess: (answer) => notifySuccess('updated', t('holidays.imported', { count: answer.added, year: String(year) })),
    });

  return (
    <>
      <div className="filter-bar">
        <SelectField
          label={t('holidays.year')}
          value={String(year)}
          options={years.map((value) => ({ value: String(value), label: String(value) }))}
          onChange={(value) => set({ year: value })}
        />
        <Button onPress={runImport} isPending={importYear.isPending}>
          {t('holidays.import', { year: String(year) })}
        </Button>
      </div>
      <p>{t('holidays.description')}</p>
      {importYear.error ? <Alert tone="error" title={translateError(importYear.error, t).message} onDismiss={() => importYear.reset()} /> : null}
      {holidays.isError ? (
        <Alert tone="error" title={isAccessDenied(holidays.error) ? t('noAccess') : t('common:couldNotLoad')}>
          {isAccessDenied(holidays.error) ? t('common:noAccess.hint') : translateError(holidays.error, t).message}
        </Alert>
      ) : null}
      {holidays.isPending ? <Spinner label={t('common:loading')} /> : null}
      {holidays.data ? (
        <div aria-busy={holidays.isFetching}>
          <DataTable
            label={t('holidays.label', { year: String(year) })}
            columns={columns}
            rows={[...holidays.data].sort((a, b) => a.date.localeCompare(b.date))}
            rowKey={(row) => row.id}
            emptyText={t('holidays.empty')}
          />
          <p aria-live="polite">{t('holidays.count', { count: holidays.data.length })}</p>
        </div>
      ) : null}
      <AddHoliday />
      {removing ? (
        <ConfirmDialog
          isOpen
          onOpenChange={(open) => {
            if (!open && !remove.isPending) {
              setRemoving(null);
              remove.reset();
            }
          }}
          title={t('holidays.removeTitle')}
          message={<p>{t('holidays.removeMessage', { name: localName(removing, format.language), date: format.date(removing.date) })}</p>}
          confirmLabel={t('holidays.remove')}
          isDestructive
          isPending={remove.isPending}
          error={remove.error ? translateError(remove.error, t).message : null}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: () => {
                notifySuccess('deleted', t('holidays.removed', { name: localName(removing, format.language) }));
                setRemoving(null);
              },
            })
          }
        />
      ) : null}
    </>
  );
}

interface HolidayValues {
  date: string | null;
  name_en: string;
  name_sq: string;
  name_sr: string;
}
const EMPTY_HOLIDAY: HolidayValues = { date: null, name_en: '', name_sq: '', name_sr: '' };

/** Adds a day to the calendar (a holiday the library lacks, a day the government declares). */
function AddHoliday() {
  const { t } = useTranslation(['deadlines', 'common']);
  const { language } = useFormat();
  const add = useAddHoliday();
  const form = useSchemaForm<HolidayValues, HolidayCreate>({
    schema: holidayCreate,
    defaultValues: EMPTY_HOLIDAY,
    toRequest: (values) => ({ ...values, date: values.date ?? '' }),
    // No day chosen is a missing date, not one of the wrong form.
    describe: (issue, translate) => (issue.path[0] === 'date' && issue.input === '' ? translate('common:validation.required') : undefined),
    refusal: add.error,
    onEdited: () => add.error && add.reset(),
  });
  const { control } = form;
  const formMessage = add.error ? describeRefusal(add.error, t).formMessage : null;
  const submit = form.handleSubmit((holiday) =>
    add.mutate(holiday, {
      onSuccess: (saved) => {
        notifySuccess('created', t('holidays.added', { name: localName(saved, language) }));
        form.reset(EMPTY_HOLIDAY);
      },
    }),
  );
  return (
    <section className="card" aria-labelledby="holiday-add">
      <Heading level={2} id="holiday-add" className="card__title">
        {t('holidays.addTitle')}
      </Heading>
      <Form validationBehavior="aria" onSubmit={(event) => void submit(event)}>
        <div className="deadline-form__grid">
          <FormDateField control={control} name="date" label={t('holidays.date')} minValue="2000-01-01" maxValue="2100-12-31" />
          {(['name_en', 'name_sq', 'name_sr'] as const).map((field) => (
            <FormTextField key={field} control={control} name={field} label={t(`fields.${field}`)} />
          ))}
        </div>
        <FormRootError control={control} message={formMessage} />
        <div className="dialog__actions">
          <Button type="submit" variant="primary" isPending={add.isPending}>
            {t('holidays.add')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
