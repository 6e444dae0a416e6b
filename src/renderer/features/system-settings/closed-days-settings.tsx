import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClosedDay, SettingsAnswer } from '../../../shared/api/settings';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { TextField } from '../../components/text-field';
import { useFormat } from '../../lib/format';
import { EffectNote, SettingsSection } from './settings-section';
import { useGroupSave } from './use-group-save';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Days the office is closed beyond the public holidays (the deadline screen's calendar): the
 * deadline clock skips them for every deadline computed after the save.
 */
export function ClosedDaysSettings({ state, canChange }: { state: SettingsAnswer['holidays']; canChange: boolean }) {
  const { t } = useTranslation(['settings', 'common']);
  const format = useFormat();
  const { isSaving, refusal, fieldError, save, reload } = useGroupSave('holidays');
  const [days, setDays] = useState<ClosedDay[]>(state.values.closed_days);
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const dateProblem = !ISO_DATE.test(date.trim())
    ? t('errors.date')
    : days.some((day) => day.date === date.trim())
      ? t('errors.duplicateDate')
      : undefined;
  const reasonProblem = reason.trim() === '' ? t('common:validation.required') : undefined;

  function add() {
    setChecked(true);
    if (dateProblem || reasonProblem) return;
    setDays((current) => [...current, { date: date.trim(), reason: reason.trim() }].sort((a, b) => a.date.localeCompare(b.date)));
    setDate('');
    setReason('');
    setChecked(false);
  }

  const columns: DataColumn<ClosedDay>[] = [
    { id: 'date', title: t('fields.closed_day_date'), isRowHeader: true, text: (day) => format.date(day.date), sortValue: (day) => day.date, width: '10rem' },
    { id: 'reason', title: t('fields.closed_day_reason'), text: (day) => day.reason },
  ];
  if (canChange) {
    columns.push({
      id: 'remove',
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
          <TextField label={t('fields.closed_day_date')} description={t('hints.date')} value={date} onChange={setDate} errorMessage={checked ? dateProblem : undefined} />
          <TextField label={t('fields.closed_day_reason')} value={reason} onChange={setReason} errorMessage={checked ? reasonProblem : undefined} />
          <Button variant="secondary" onPress={add}>
            {t('closedDays.add')}
          </Button>
        </div>
      ) : null}
      <EffectNote group="holidays" field="closed_days" />
    </SettingsSection>
  );
}
