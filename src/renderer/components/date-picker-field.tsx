import { parseDate, type CalendarDate, type DateValue } from '@internationalized/date';
import { useTranslation } from 'react-i18next';
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
} from 'react-aria-components';
import { localeTag } from '../lib/language';
import './choice-controls.css';

/** The calendar date of an ISO `YYYY-MM-DD` string, or null when it is missing or not a date. */
export function calendarDateOf(value: string | null | undefined): CalendarDate | null {
  if (!value) return null;
  try {
    return parseDate(value);
  } catch {
    return null;
  }
}

export interface DatePickerFieldProps {
  label: string;
  /** ISO `YYYY-MM-DD`, or null. */
  value: string | null;
  onChange(value: string | null): void;
  /** Earliest and latest allowed dates (ISO). */
  minValue?: string | null;
  maxValue?: string | null;
  /** Accessible name of the button that clears the date; without it no clear button is shown. */
  clearLabel?: string;
}

/** A date typed segment by segment or picked from a calendar, in the interface's language. */
export function DatePickerField({ label, value, onChange, minValue, maxValue, clearLabel }: DatePickerFieldProps) {
  const { i18n } = useTranslation();
  const date = calendarDateOf(value);
  return (
    <I18nProvider locale={localeTag(i18n.language)}>
      <DatePicker
        className="field date-picker"
        value={date}
        minValue={calendarDateOf(minValue) ?? undefined}
        maxValue={calendarDateOf(maxValue) ?? undefined}
        onChange={(next: DateValue | null) => onChange(next ? next.toString().slice(0, 10) : null)}
      >
        <Label className="field__label">{label}</Label>
        <Group className="field__input date-picker__group">
          <DateInput className="date-picker__input">{(segment) => <DateSegment segment={segment} className="date-picker__segment" />}</DateInput>
          {clearLabel && date ? (
            <AriaButton slot={null} className="date-picker__button" aria-label={clearLabel} onPress={() => onChange(null)}>
              <span aria-hidden="true">×</span>
            </AriaButton>
          ) : null}
          <AriaButton className="date-picker__button">
            <span aria-hidden="true">▾</span>
          </AriaButton>
        </Group>
        <Popover className="popover choice-popover">
          <Dialog className="date-picker__dialog">
            <Calendar>
              <header className="calendar__header">
                <AriaButton slot="previous" className="date-picker__button">
                  ‹
                </AriaButton>
                <Heading className="calendar__title" />
                <AriaButton slot="next" className="date-picker__button">
                  ›
                </AriaButton>
              </header>
              <CalendarGrid className="calendar__grid">{(day) => <CalendarCell date={day} className="calendar__cell" />}</CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
    </I18nProvider>
  );
}
