import { fireEvent, screen, within } from '@testing-library/react';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Chooses `option` in the SelectField labelled `label`: opens its list with the button (named
 * by the chosen value, then the label) and presses the option, as a person does.
 */
export async function chooseOption(label: string, option: string, container: HTMLElement = document.body): Promise<void> {
  fireEvent.click(within(container).getByRole('button', { name: new RegExp(`${escape(label)}$`) }));
  const list = await screen.findByRole('listbox', { name: new RegExp(escape(label)) });
  fireEvent.click(within(list).getByRole('option', { name: option }));
}
