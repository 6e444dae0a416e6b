import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { SelectField } from '../../../../src/renderer/components/select-field';
import { chooseOption } from '../choose-option';
import { renderRoutes } from '../render';

// The one single-choice control: a labelled button opening a list, or a combo box to type into.

afterEach(cleanup);

const councils = [
  { value: '1', label: 'Council for Medicine' },
  { value: '2', label: 'Council for Engineering and Natural Sciences' },
  { value: '3', label: 'Council for Law' },
];

function open(element: React.ReactElement) {
  renderRoutes([{ path: '/', element }]);
}

describe('select field', () => {
  it('names its button by the choice and the label, and reports the chosen value', async () => {
    const onChange = vi.fn();
    open(<SelectField label="Council" value="1" options={councils} onChange={onChange} />);
    expect(screen.getByRole('button', { name: /Council for Medicine.*Council$/ })).toBeTruthy();
    await chooseOption('Council', 'Council for Law');
    expect(onChange).toHaveBeenCalledWith('3');
  });

  it('offers "no choice" first and reports it as an empty value', async () => {
    const onChange = vi.fn();
    open(<SelectField label="Council" value="2" emptyLabel="Any council" options={councils} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: /Council$/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Any council', ...councils.map((c) => c.label)]);
    fireEvent.click(options[0]!);
    expect(onChange).toHaveBeenCalledWith('');
  });

  it('shows its error message and marks itself invalid', () => {
    open(<SelectField label="Council" value="" options={councils} onChange={() => {}} errorMessage="Choose a council." />);
    expect(screen.getByText('Choose a council.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Council$/ }).closest('[data-invalid]')).not.toBeNull();
  });

  it('narrows a searchable list as one types, and reports the choice', async () => {
    const onChange = vi.fn();
    open(<SelectField isSearchable label="Council" value="" emptyLabel="Any council" openLabel="Show councils" options={councils} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Council' });
    act(() => input.focus());
    fireEvent.change(input, { target: { value: 'law' } });
    const list = await screen.findByRole('listbox');
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Council for Law']);
    fireEvent.click(within(list).getByRole('option', { name: 'Council for Law' }));
    expect(onChange).toHaveBeenCalledWith('3');
  });
});
