import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { DatePickerField, dateFieldLocale } from '../../../../src/renderer/components/date-picker-field';
import type { Language } from '../../../../src/shared/constants';
import { renderRoutes } from '../render';

// The date fields are typed in the order the screens write dates (lib/format.ts): day first in all
// three languages, also in a browser without Albanian data (Debian's Chromium).

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * Intl as Debian's Chromium has it for Albanian (measured there): 'sq' resolves to en-US and writes
 * 11/2/2026; 'sq-XK' keeps the tag but writes ICU's root pattern, 2026-11-02.
 */
function withoutAlbanianData() {
  const real = globalThis.Intl;
  function DateTimeFormat(locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
    const tag = String([locales].flat()[0] ?? '');
    if (tag === 'sq-XK') return new real.DateTimeFormat('en-CA', options);
    if (tag.split('-')[0] === 'sq') return new real.DateTimeFormat('en-US', options);
    return new real.DateTimeFormat(locales, options);
  }
  DateTimeFormat.supportedLocalesOf = real.DateTimeFormat.supportedLocalesOf;
  const stub = Object.create(real) as typeof Intl;
  Object.assign(stub, { DateTimeFormat });
  vi.stubGlobal('Intl', stub);
}

/** The date field's segments as shown, in order: "day 2", "literal .", …, and the field as read. */
async function dateField(language: Language, value: string) {
  const view = renderRoutes([{ path: '/', element: <DatePickerField label="Submitted from" value={value} onChange={() => {}} /> }]);
  await act(() => view.i18n.changeLanguage(language));
  const group = screen.getAllByRole('group')[0]!;
  const segments = [...group.querySelectorAll<HTMLElement>('.date-picker__segment')];
  return {
    order: segments.filter((segment) => segment.dataset.type !== 'literal').map((segment) => segment.dataset.type),
    text: segments.map((segment) => segment.textContent).join(''),
  };
}

describe('date picker field locale', () => {
  it('takes lib/format.ts\u2019s tag where the runtime has the language (full ICU, as Electron)', () => {
    expect(dateFieldLocale('en')).toEqual({ locale: 'en-GB', separator: null });
    expect(dateFieldLocale('sq')).toEqual({ locale: 'sq-XK', separator: null });
    expect(dateFieldLocale('sr')).toEqual({ locale: 'sr-Latn-RS', separator: null });
  });

  it('stands in day-first English with the Albanian separator where the browser lacks Albanian', () => {
    withoutAlbanianData();
    expect(new Intl.DateTimeFormat('sq').format(new Date(2026, 10, 2))).toBe('11/2/2026');
    expect(dateFieldLocale('sq')).toEqual({ locale: 'en-GB', separator: '.' });
    expect(dateFieldLocale('sr')).toEqual({ locale: 'sr-Latn-RS', separator: null });
  });
});

describe('date picker field', () => {
  // First: @internationalized/date keeps the formatters it made per locale for the whole file, so
  // a field drawn in Albanian with the real Intl earlier would hide the stub from react-aria.
  it('sq without Albanian data: still day, month, year, with dots between them', async () => {
    withoutAlbanianData();
    const field = await dateField('sq', '2026-11-02');
    expect(field.order).toEqual(['day', 'month', 'year']);
    expect(field.text).toBe('02.11.2026');
  });

  for (const language of ['en', 'sq', 'sr'] as const) {
    it(`${language}: day, month, year`, async () => {
      expect((await dateField(language, '2026-11-02')).order).toEqual(['day', 'month', 'year']);
    });
  }

  it('sq: writes the date as lib/format.ts does', async () => {
    expect((await dateField('sq', '2026-11-02')).text).toBe('2.11.2026');
  });

});
