import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeDeadline, countedDays, type ClockHoliday, type ClockInput, type ClockPause } from '../../../src/shared/domain/deadline-clock';
import { addDays, dateOfDayNumber, dayNumber, isWeekend, kosovoDate } from '../../../src/shared/domain/deadline-dates';

const holiday = (date: string, name = 'Holiday'): ClockHoliday => ({ date, name_en: name, name_sq: name, name_sr: name });
const base = { holidays: [], pauses: [], today: '2026-01-01' } satisfies Partial<ClockInput>;

describe('deadline clock: worked examples', () => {
  it('counts calendar days after the start day', () => {
    const result = computeDeadline({ ...base, start: '2026-03-02', days: 10, workingDays: false });
    expect(result.due).toBe('2026-03-12');
    expect(result.steps).toEqual([
      { kind: 'start', date: '2026-03-02' },
      { kind: 'add_days', days: 10, working_days: false },
      { kind: 'due', date: '2026-03-12', provisional: false },
    ]);
  });

  it('counts working days past weekends and Kosovo holidays, and says which', () => {
    // Thursday 2026-04-02 + 5 working days: Fri 3, (Sat 4, Sun 5 Catholic Easter), Mon 6, Tue 7, Wed 8, (Thu 9 Constitution Day), Fri 10.
    const result = computeDeadline({
      ...base,
      start: '2026-04-02',
      days: 5,
      workingDays: true,
      holidays: [holiday('2026-04-05', 'Easter Sunday'), holiday('2026-04-09', 'Constitution Day')],
    });
    expect(result.due).toBe('2026-04-10');
    expect(result.steps).toContainEqual({ kind: 'skipped_weekends', days: 2 });
    // Easter Sunday falls on a weekend: it is a weekend day, not a skipped holiday.
    expect(result.steps.filter((step) => step.kind === 'skipped_holiday')).toEqual([
      { kind: 'skipped_holiday', date: '2026-04-09', name_en: 'Constitution Day', name_sq: 'Constitution Day', name_sr: 'Constitution Day' },
    ]);
  });

  it('stands still while paused and resumes where it stopped', () => {
    const pause: ClockPause = { from: '2026-03-04', to: '2026-03-09', status: 'needs_clarification' };
    const result = computeDeadline({ ...base, start: '2026-03-02', days: 10, workingDays: false, pauses: [pause] });
    expect(result.due).toBe('2026-03-17');
    expect(result.steps).toContainEqual({ kind: 'paused', from: '2026-03-04', to: '2026-03-09', days: 5, status: 'needs_clarification' });
  });

  it('treats an open pause as if the clock resumed today: a provisional date', () => {
    const result = computeDeadline({
      ...base,
      start: '2026-03-02',
      days: 10,
      workingDays: false,
      today: '2026-03-06',
      pauses: [{ from: '2026-03-04', to: null, status: 'payment_pending' }],
    });
    expect(result.due).toBe('2026-03-14');
    expect(result.provisional).toBe(true);
    expect(result.steps).toContainEqual({ kind: 'paused', from: '2026-03-04', to: null, days: 2, status: 'payment_pending' });
    expect(result.steps.at(-1)).toEqual({ kind: 'due', date: '2026-03-14', provisional: true });
  });

  it('takes the Kosovo date of an instant (Central European time)', () => {
    expect(kosovoDate(new Date('2026-03-04T23:30:00Z'))).toBe('2026-03-05');
    expect(kosovoDate(new Date('2026-07-04T21:59:00Z'))).toBe('2026-07-04');
    expect(kosovoDate(new Date('2026-07-04T22:00:00Z'))).toBe('2026-07-05');
  });
});

// Properties over random starts in 2026–2028, 1–60 days, random holidays and pauses.
const dateIn = fc.integer({ min: dayNumber('2026-01-01'), max: dayNumber('2028-12-31') }).map(dateOfDayNumber);
const holidays = fc.uniqueArray(dateIn, { maxLength: 40 }).map((dates) => dates.map((date) => holiday(date)));
const pause = fc
  .record({ offset: fc.integer({ min: -5, max: 80 }), length: fc.integer({ min: 0, max: 30 }), open: fc.boolean() })
  .map(({ offset, length, open }) => ({ offset, length, open }));
const clockInput = fc.record({
  start: dateIn,
  days: fc.integer({ min: 1, max: 60 }),
  workingDays: fc.boolean(),
  holidays,
  todayOffset: fc.integer({ min: 0, max: 200 }),
});

function pausesFor(start: string, specs: readonly { offset: number; length: number; open: boolean }[]): ClockPause[] {
  return specs.map((spec) => ({
    from: addDays(start, spec.offset),
    to: spec.open ? null : addDays(start, spec.offset + spec.length),
    status: 'needs_clarification',
  }));
}

describe('deadline clock: properties', () => {
  it('pausing never makes a deadline earlier', () => {
    fc.assert(
      fc.property(clockInput, fc.array(pause, { maxLength: 3 }), ({ todayOffset, ...input }, specs) => {
        const today = addDays(input.start, todayOffset);
        const without = computeDeadline({ ...input, pauses: [], today });
        const withPauses = computeDeadline({ ...input, pauses: pausesFor(input.start, specs), today });
        expect(withPauses.due >= without.due).toBe(true);
      }),
    );
  });

  it('a longer pause never makes a deadline earlier', () => {
    fc.assert(
      fc.property(clockInput, pause, fc.integer({ min: 0, max: 20 }), ({ todayOffset, ...input }, spec, extra) => {
        const today = addDays(input.start, todayOffset);
        const shorter = computeDeadline({ ...input, today, pauses: pausesFor(input.start, [{ ...spec, open: false }]) });
        const longer = computeDeadline({ ...input, today, pauses: pausesFor(input.start, [{ ...spec, open: false, length: spec.length + extra }]) });
        expect(longer.due >= shorter.due).toBe(true);
      }),
    );
  });

  it('a working-day deadline never lands on a weekend or a holiday', () => {
    fc.assert(
      fc.property(clockInput, fc.array(pause, { maxLength: 2 }), ({ todayOffset, ...input }, specs) => {
        const today = addDays(input.start, todayOffset);
        const { due } = computeDeadline({ ...input, workingDays: true, pauses: pausesFor(input.start, specs), today });
        expect(isWeekend(due)).toBe(false);
        expect(input.holidays.some((h) => h.date === due)).toBe(false);
      }),
    );
  });

  it('resume continues where it stopped: the days counted before the pause plus those after make the whole', () => {
    fc.assert(
      fc.property(clockInput, fc.integer({ min: 0, max: 59 }), fc.integer({ min: 1, max: 30 }), ({ todayOffset: _, ...input }, stopAfter, length) => {
        const from = addDays(input.start, stopAfter);
        const to = addDays(from, length);
        const beforePause = countedDays({ ...input, pauses: [], today: to }, from);
        fc.pre(beforePause < input.days);
        const paused = computeDeadline({ ...input, today: to, pauses: [{ from, to, status: 'additional_info_required' }] });
        // A fresh clock started on the day it resumed, for the days still owed, ends on the same day.
        const resumed = computeDeadline({ ...input, start: to, days: input.days - beforePause, pauses: [], today: to });
        expect(paused.due).toBe(resumed.due);
      }),
    );
  });

  it('the steps say how many days were paused within the counting', () => {
    fc.assert(
      fc.property(clockInput, pause, ({ todayOffset, ...input }, spec) => {
        const today = addDays(input.start, todayOffset);
        const result = computeDeadline({ ...input, today, pauses: pausesFor(input.start, [spec]) });
        for (const step of result.steps) {
          if (step.kind === 'paused') {
            // Only a pause still open today may have cost no day yet.
            if (step.to !== null) expect(step.days).toBeGreaterThan(0);
            expect(step.from >= input.start).toBe(true);
          }
        }
        expect(result.steps[0]).toEqual({ kind: 'start', date: input.start });
        expect(result.steps.at(-1)).toMatchObject({ kind: 'due', date: result.due });
      }),
    );
  });
});
