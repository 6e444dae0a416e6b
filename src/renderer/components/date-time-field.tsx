import { useMemo } from 'react';
import { getLocalTimeZone, now, parseAbsoluteToLocal, type ZonedDateTime } from '@internationalized/date';
import { useTranslation } from 'react-i18next';
import {
  Button as AriaButton,
  DateInput,
  DatePicker,
  DateSegment,
  Group,
  I18nProvider,
  Text,
  type DateValue,
} from 'react-aria-components';
import { CalendarPopover, dateFieldLocale } from './date-picker-field';
import { FieldLabel } from './field-label';
import './choice-controls.css';
import { Icon } from './icon';

/** The reader's wall-clock time of an instant (ISO with offset), or null when it is missing or not one. */
export function zonedTimeOf(instant: string | null | undefined): ZonedDateTime | null {
  if (!instant) return null;
  try {
    return parseAbsoluteToLocal(instant);
  } catch {
    return null;
  }
}

function instantOf(value: DateValue): string {
  return ('timeZone' in value ? value.toDate() : value.toDate(getLocalTimeZone())).toISOString();
}

export interface DateTimeFieldProps {
  label: string;
  /** The instant as ISO (`2026-11-24T09:30:00.000Z`), or null. */
  value: string | null;
  onChange(value: string | null): void;
  /** Shown under the field, which is then marked invalid. */
  errorMessage?: string;
  description?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
  /** 'aria' in a form of lib/form.ts: its schema, not the browser, says what is missing. */
  validationBehavior?: 'aria' | 'native';
}

/**
 * A date and time to the minute, typed segment by segment (the day from the calendar), in the
 * reader's clock and in the order of the interface's language (as DatePickerField), held as the
 * instant the server stores.
 */
export function DateTimeField({ label, value, onChange, errorMessage, description, isDisabled, isRequired, validationBehavior }: DateTimeFieldProps) {
  const { i18n } = useTranslation();
  const { locale, separator } = useMemo(() => dateFieldLocale(i18n.language), [i18n.language]);
  const zoned = zonedTimeOf(value);
  // With no value yet, the segments start from the next hour in the reader's time zone.
  const placeholder = useMemo(() => now(getLocalTimeZone()).add({ hours: 1 }).set({ minute: 0, second: 0, millisecond: 0 }), []);
  return (
    <I18nProvider locale={locale}>
      <DatePicker
        className="field date-picker date-time-field"
        value={zoned}
        placeholderValue={placeholder}
        granularity="minute"
        hideTimeZone
        hourCycle={24}
        isDisabled={isDisabled}
        isRequired={isRequired}
        validationBehavior={validationBehavior}
        isInvalid={errorMessage ? true : undefined}
        onChange={(next: DateValue | null) => onChange(next ? instantOf(next) : null)}
      >
        <FieldLabel label={label} isRequired={isRequired} />
        <Group className="field__input date-picker__group">
          <DateInput className="date-picker__input">
            {(segment) => (
              <DateSegment segment={segment} className="date-picker__segment">
                {segment.type === 'literal' && separator !== null && /[./-]/.test(segment.text) ? separator : segment.text}
              </DateSegment>
            )}
          </DateInput>
          <AriaButton className="date-picker__button">
            <Icon name="chevronDown" />
          </AriaButton>
        </Group>
        {description ? (
          <Text slot="description" className="field__description">
            {description}
          </Text>
        ) : null}
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
