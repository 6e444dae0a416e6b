import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SpecimenChecklist, type ChecklistValue } from '../../../../src/renderer/components/specimen-comparison';
import { renderRoutes } from '../render';

afterEach(cleanup);

const FEATURES = ['Dry seal', 'Serial number in red', 'Watermark'];

/** The checklist as the comparison dialog holds it, with what it reports last. */
function Held({ report }: { report: (value: ChecklistValue) => void }) {
  const [value, setValue] = useState<ChecklistValue>({ present: new Set(), number: '' });
  return (
    <SpecimenChecklist
      features={FEATURES}
      pattern="^UT-\d{4}/\d{5}$"
      value={value}
      onChange={(next) => {
        setValue(next);
        report(next);
      }}
    />
  );
}

describe('the specimen checklist', () => {
  it('counts the features ticked and checks the number against the format as it is typed', async () => {
    let last: ChecklistValue | null = null;
    const { i18n } = renderRoutes([{ path: '/', element: <Held report={(value) => (last = value)} /> }], { path: '/' });
    expect(screen.getByText('Security features found: 0 of 3')).toBeTruthy();
    fireEvent.click(screen.getByText('Dry seal'));
    fireEvent.click(screen.getByText('Watermark'));
    expect(screen.getByText('Security features found: 2 of 3')).toBeTruthy();
    expect([...last!.present].sort()).toEqual([0, 2]);
    fireEvent.click(screen.getByText('Dry seal'));
    expect([...last!.present]).toEqual([2]);

    // No verdict before anything is typed; then at once, whole numbers only.
    expect(screen.queryByRole('status')).toBeNull();
    const number = screen.getByRole('textbox', { name: /Diploma number/ });
    fireEvent.change(number, { target: { value: 'UT-2019/0412' } });
    expect(screen.getByRole('status').textContent).toBe('The number does not match the format.');
    fireEvent.change(number, { target: { value: 'UT-2019/04127' } });
    expect(screen.getByRole('status').textContent).toBe('The number matches the format.');
    expect(last!.number).toBe('UT-2019/04127');
    fireEvent.change(number, { target: { value: 'XUT-2019/04127' } });
    expect(screen.getByRole('status').textContent).toBe('The number does not match the format.');

    await act(() => i18n.changeLanguage('sq'));
    expect(screen.getByRole('status').textContent).toBe('Numri nuk përputhet me formatin.');
    expect(screen.getByText('Veçori sigurie të gjetura: 1 nga 3')).toBeTruthy();
  });
});
