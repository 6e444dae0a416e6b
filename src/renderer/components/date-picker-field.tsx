import { useMemo } from 'react';
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
  Popover,
  Text,
} from 'react-aria-components';
import { FORMAT_LOCALES, formatDate, formatLanguage, intlHasDates } from '../lib/format';
import { FieldLabel } from './field-label';
import './choice-controls.css';
import { Icon } from './icon';

/** The calendar date of an ISO `YYYY-MM-DD` string, or null when it is missing or not a date. */
export function calendarDateOf(value: string | null | undefined): CalendarDate | null {
  if (!value) return null;
  try {
    return parseDate(value);
  } catch {
    return null;
  }
}

/** A day that tells day from month (2 November): how the runtime and lib/format.ts write it is compared. */
const REFERENCE_DAY = new Date(2026, 10, 2);
/** Day, month, year (the order of all three languages), the week from Monday, and always in Intl. */
const DAY_FIRST_STAND_IN = 'en-GB';

export interface DateFieldLocale {
  /** The locale react-aria orders and names the date fields and the calendar by. */
  locale: string;
  /** What to write between the fields instead of the locale's own separator; null: the locale's. */
  separator: string | null;
}

/**
 * The date fields follow lib/format.ts, so a date is typed as the screens show it: its tag for the
 * language (en-GB, sq-XK, sr-Latn-RS: day first, as dates are read in Kosovo) wherever this
 * runtime's Intl writes dates as lib/format.ts does (Electron's full ICU). Debian's Chromium (the
 * browser shell) has no Albanian data: 'sq' orders the fields month first, 'sq-XK' year first with
 * months named "M11". There en-GB stands in, writing lib/format.ts's separator between the fields
 * ("2.11.2026"); its English month names are what that browser shows for Albanian anyway.
 */
export function dateFieldLocale(language: string | undefined): DateFieldLocale {
  const lang = formatLanguage(language);
  const tag = FORMAT_LOCALES[lang];
  const written = formatDate(lang, REFERENCE_DAY);
  if (intlHasDates(lang)) return { locale: tag, separator: null };
  return { locale: DAY_FIRST_STAND_IN, separator: /\d+(\D+)\d/.exec(written)?.[1] ?? null };
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
  /** Shown under the field, which is then marked invalid. */
  errorMessage?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
  /** 'aria' in a form of lib/form.ts: its schema, not the browser, says what is missing. */
  validationBehavior?: 'aria' | 'native';
}

/** A date typed segment by segment or picked from a calendar, in the interface's language. */
export function DatePickerField({ label, value, onChange, minValue, maxValue, clearLabel, errorMessage, isDisabled, isRequired, validationBehavior }: DatePickerFieldProps) {
  const { i18n } = useTranslation();
  const { locale, separator } = useMemo(() => dateFieldLocale(i18n.language), [i18n.language]);
  const date = calendarDateOf(value);
  return (
    <I18nProvider locale={locale}>
      <DatePicker
        className="field date-picker"
        value={date}
        minValue={calendarDateOf(minValue) ?? undefined}
        maxValue={calendarDateOf(maxValue) ?? undefined}
        onChange={(next: DateValue | null) => onChange(next ? next.toString().slice(0, 10) : null)}
        isInvalid={errorMessage ? true : undefined}
        isDisabled={isDisabled}
        isRequired={isRequired}
        validationBehavior={validationBehavior}
      >
        <FieldLabel label={label} isRequired={isRequired} />
        <Group className="field__input date-picker__group">
          <DateInput className="date-picker__input">
            {(segment) => (
              <DateSegment segment={segment} className="date-picker__segment">
                {segment.type === 'literal' && separator !== null ? separator : segment.text}
              </DateSegment>
            )}
          </DateInput>
          {clearLabel && date ? (
            <AriaButton slot={null} className="date-picker__button" aria-label={clearLabel} onPress={() => onChange(null)}>
              <Icon name="close" />
            </AriaButton>
          ) : null}
          <AriaButton className="date-picker__button">
            <Icon name="chevronDown" />
          </AriaButton>
        </Group>
        {errorMessage ? (
          <Text slot="errorMessage" className="field__error">
            {errorMessage}
          </Text>
        ) : null}
        <CalendarPopover />
      </DatePicker>
    </I18nProvider>
  );
}

/** The month calendar a date field opens: shared by the date and the date-time fields. */
export function CalendarPopover() {
  return (
    <Popover className="popover choice-popover">
      <Dialog className="date-picker__dialog">
        <Calendar>
          <header className="calendar__header">
            <AriaButton slot="previous" className="date-picker__button">
              <Icon name="chevronLeft" />
            </AriaButton>
            <Heading className="calendar__title" />
            <AriaButton slot="next" className="date-picker__button">
              <Icon name="chevronRight" />
            </AriaButton>
          </header>
          <CalendarGrid className="calendar__grid">{(day) => <CalendarCell date={day} className="calendar__cell" />}</CalendarGrid>
        </Calendar>
      </Dialog>
    </Popover>
  );
}
