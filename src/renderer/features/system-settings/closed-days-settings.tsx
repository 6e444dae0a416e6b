import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { holidaySettings, type ClosedDay, type HolidaySettings, type SettingsAnswer } from '../../../shared/api/settings';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { FormDateField, FormTextField } from '../../components/form-fields';
import { useSchemaForm } from '../../lib/form';
import { useFormat } from '../../lib/format';
import { EffectNote, SettingsSection } from './settings-section';
import { useGroupSave } from './use-group-save';

/**
 * Days the office is closed beyond the public holidays (the deadline screen's calendar): the
 * deadline clock skips them for every deadline computed after the save.
 */
interface ClosedDayValues {
  /** The day as the date field holds it (ISO), null while none is chosen. */
  date: string | null;
  reason: string;
}

export function ClosedDaysSettings({ state, canChange }: { state: SettingsAnswer['holidays']; canChange: boolean }) {
  const { t } = useTranslation(['settings', 'common']);
  const format = useFormat();
  const { isSaving, refusal, fieldError, save, reload } = useGroupSave('holidays');
  const [days, setDays] = useState<ClosedDay[]>(state.values.closed_days);
  // A day is added when the list with it is one the group's schema accepts (a date, a reason, not listed twice).
  const added = useSchemaForm<ClosedDayValues, HolidaySettings>({
    schema: holidaySettings,
    defaultValues: { date: null, reason: '' },
    toRequest: (day) => ({ closed_days: [...days, { date: day.date ?? '', reason: day.reason }] }),
    fieldOf: (path) => {
      const [list, index, field] = path.split('.');
      return list === 'closed_days' && Number(index) === days.length && field ? field : null;
    },
    // The date field holds a day or none: none is missing, anything else wrong with it says the form it takes.
    describe: (issue, translate) => {
      if (issue.path.at(-1) === 'date' && issue.input === '') return translate('common:validation.required');
      return issue.path.at(-1) === 'date' && issue.code !== 'custom' ? translate('settings:errors.date') : undefined;
    },
  });

  const add = added.handleSubmit(({ closed_days }) => {
    setDays([...closed_days].sort((a, b) => a.date.localeCompare(b.date)));
    added.reset();
  });

  const columns: DataColumn<ClosedDay>[] = [
    { id: 'date', kind: 'date', title: t('fields.closed_day_date'), isRowHeader: true, text: (day) => format.date(day.date), sortValue: (day) => day.date, width: '10rem' },
    { id: 'reason', kind: 'text', title: t('fields.closed_day_reason'), text: (day) => day.reason },
  ];
  if (canChange) {
    columns.push({
      id: 'remove',
      kind: 'actions',
      title: t('closedDays.actions'),
      width: '9rem',
      wraps: true,
      render: (day) => (
        <Button variant="quiet" onPress={() => setDays((current) => current.filter((other) => other.date !== day.date))}>
          {t('closedDays.remove')}
        </Button>
      ),
    });
  }

  return (
    <SettingsSection
      group="holidays"
      updatedAt={state.updated_at}
      updatedBy={state.updated_by}
      refusal={refusal}
      isSaving={isSaving}
      canChange={canChange}
      onSave={() => save({ version: state.version, values: { closed_days: days } })}
      onReload={reload}
    >
      <DataTable
        label={t('groups.holidays.title')}
        columns={columns}
        rows={days}
        rowKey={(day) => day.date}
        emptyText={t('closedDays.none')}
      />
      {fieldError('closed_days') ? <p className="field__error">{fieldError('closed_days')}</p> : null}
      {canChange ? (
        <div className="settings-closed-day">
          <FormDateField control={added.control} name="date" label={t('fields.closed_day_date')} isRequired />
          <FormTextField control={added.control} name="reason" label={t('fields.closed_day_reason')} />
          <Button variant="secondary" onPress={() => void add()}>
            {t('closedDays.add')}
          </Button>
        </div>
      ) : null}
      <EffectNote group="holidays" field="closed_days" />
    </SettingsSection>
  );
}
