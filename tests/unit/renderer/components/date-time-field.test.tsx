import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { DateTimeField, zonedTimeOf } from '../../../../src/renderer/components/date-time-field';
import { renderRoutes } from '../render';

// The publication time of a news article: typed in the reader's clock, held as the instant.

afterEach(cleanup);

describe('date-time field', () => {
  it('shows the instant in the reader’s clock, day first and to the minute', () => {
    const instant = '2026-11-24T09:30:00.000Z';
    const local = new Date(instant);
    renderRoutes([{ path: '/', element: <DateTimeField label="Publish at" value={instant} onChange={() => {}} /> }]);
    const group = screen.getAllByRole('group')[0]!;
    const segments = [...group.querySelectorAll<HTMLElement>('.date-picker__segment')].filter((segment) => segment.dataset.type !== 'literal');
    expect(segments.map((segment) => segment.dataset.type)).toEqual(['day', 'month', 'year', 'hour', 'minute']);
    const value = (type: string) => Number(segments.find((segment) => segment.dataset.type === type)?.getAttribute('aria-valuenow'));
    expect([value('day'), value('hour'), value('minute')]).toEqual([local.getDate(), local.getHours(), local.getMinutes()]);
    expect(zonedTimeOf('not a time')).toBeNull();
  });

  it('hands back the changed time as an instant', () => {
    const changed = vi.fn();
    renderRoutes([{ path: '/', element: <DateTimeField label="Publish at" value="2026-11-24T09:30:00.000Z" onChange={changed} /> }]);
    const minute = screen.getAllByRole('spinbutton').find((segment) => segment.dataset.type === 'minute')!;
    fireEvent.keyDown(minute, { key: 'ArrowUp' });
    expect(changed).toHaveBeenCalledWith('2026-11-24T09:31:00.000Z');
  });

  it('says what is wrong under the field', () => {
    renderRoutes([{ path: '/', element: <DateTimeField label="Publish at" value={null} onChange={() => {}} errorMessage="Choose a time in the future." /> }]);
    expect(screen.getByText('Choose a time in the future.')).toBeTruthy();
  });
});
