import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Form } from 'react-aria-components';
import { z } from 'zod';
import { Button } from '../../../src/renderer/components/button';
import { FormRootError, FormSelectField, FormTextField } from '../../../src/renderer/components/form-fields';
import { createI18n } from '../../../src/renderer/lib/i18n';
import { useSchemaForm } from '../../../src/renderer/lib/form';
import { zodIssueMessage } from '../../../src/renderer/lib/zod-issue-message';
import { safeText, tooLongMessage } from '../../../src/shared/api/safe-text';
import { ERROR_CODES } from '../../../src/shared/errors';
import { failure } from '../../../src/shared/transport-failure';
import { renderRoutes } from './render';

afterEach(cleanup);

// A request schema worded as the shared ones are: English messages for the server's answers.
const councilRequest = z.object({
  name: safeText({ max: 20 }).min(1, 'This field is required'),
  email: safeText({ max: 254 }).min(1, 'This field is required').pipe(z.email('Invalid email address')),
  seats: z.number().int().min(3).max(15),
  kind: z.enum(['standing', 'ad_hoc']),
});
type CouncilRequest = z.output<typeof councilRequest>;
interface CouncilValues {
  name: string;
  email: string;
  seats: string;
  kind: string;
}

/** A form of the layer: the schema, its fields, and a send the test answers. */
function CouncilForm({ send }: { send(request: CouncilRequest): Promise<void> }) {
  const [sent, setSent] = useState<CouncilRequest | null>(null);
  const form = useSchemaForm<CouncilValues, CouncilRequest>({
    schema: councilRequest,
    defaultValues: { name: '', email: '', seats: '', kind: '' },
    toRequest: (values) => ({ ...values, seats: values.seats.trim() === '' ? undefined : Number(values.seats) }),
  });
  return (
    <Form
      validationBehavior="aria"
      onSubmit={(event) =>
        void form.handleSubmit(async (request) => {
          try {
            await send(request);
            setSent(request);
          } catch (error) {
            form.showRefusal(error);
          }
        })(event)
      }
    >
      <FormTextField control={form.control} name="name" label="Name" />
      <FormTextField control={form.control} name="email" label="E-mail" />
      <FormTextField control={form.control} name="seats" label="Seats" />
      <FormSelectField
        control={form.control}
        name="kind"
        label="Kind"
        emptyLabel="None"
        options={[
          { value: 'standing', label: 'Standing' },
          { value: 'ad_hoc', label: 'Ad hoc' },
        ]}
      />
      <FormRootError control={form.control} />
      <Button type="submit">Save</Button>
      {sent ? <p>Sent {JSON.stringify(sent)}</p> : null}
    </Form>
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const refused = (body: Record<string, string[]>) => failure(ERROR_CODES.validation, { status: 400, body });

describe('the form layer', () => {
  it('shows each zod issue of the shared schema on its field, in the reader’s language', async () => {
    const view = renderRoutes([{ path: '/', element: <CouncilForm send={() => Promise.resolve()} /> }]);
    type('E-mail', 'not-an-address');
    type('Seats', '40');
    save();
    // The spec's exact English texts.
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    // The empty name and the kind not chosen.
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByText('Enter at most 15.')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');

    await act(() => view.i18n.changeLanguage('sq'));
    save();
    expect(await screen.findByText('Adresë e-maili e pavlefshme')).toBeTruthy();
    expect(screen.getByText('Shkruani jo më shumë se 15.')).toBeTruthy();
    expect(screen.getAllByText('Kjo fushë është e detyrueshme').length).toBeGreaterThan(0);
  });

  it('sends the request the schema parsed, and puts a server field error on its field without losing what was typed', async () => {
    let answer: unknown = refused({ name: ['A council with this name already exists.'], email: [tooLongMessage(254)], 'members.0': ['There is no such person.'] });
    const sent: CouncilRequest[] = [];
    renderRoutes([
      {
        path: '/',
        element: (
          <CouncilForm
            send={(request) => {
              sent.push(request);
              return answer ? Promise.reject(answer) : Promise.resolve();
            }}
          />
        ),
      },
    ]);
    type('Name', '  Medicine  ');
    type('E-mail', 'board@example.org');
    type('Seats', '7');
    // The select's hidden native control carries the choice as a form would submit it.
    fireEvent.click(screen.getByRole('button', { name: /Kind/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Standing' }));
    save();

    expect(await screen.findByText('A council with this name already exists.')).toBeTruthy();
    // Translated by the one translator: the server's English limit in the reader's words.
    expect(screen.getByText('Shorten this text to at most 254 characters.')).toBeTruthy();
    // A path no field of the form holds is said with the whole form.
    expect(screen.getByRole('alert').textContent).toContain('There is no such person.');
    expect(sent).toEqual([{ name: 'Medicine', email: 'board@example.org', seats: 7, kind: 'standing' }]);
    // Nothing typed was lost by the refusal.
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('  Medicine  ');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('board@example.org');
    expect((screen.getByLabelText('Seats') as HTMLInputElement).value).toBe('7');

    // Changing the refused field takes its message away; the next send goes through.
    type('Name', 'Medicine and Health');
    await waitFor(() => expect(screen.queryByText('A council with this name already exists.')).toBeNull());
    answer = null;
    save();
    expect(await screen.findByText(/^Sent /)).toBeTruthy();
    expect(sent.at(-1)?.name).toBe('Medicine and Health');
  });
});

describe('zodIssueMessage', () => {
  const i18n = createI18n('en');
  const messageOf = (schema: z.ZodType, input: unknown, language: string) => {
    const parsed = schema.safeParse(input, { reportInput: true });
    if (parsed.success) throw new Error('expected an issue');
    return zodIssueMessage(parsed.error.issues[0]!, i18n.getFixedT(language));
  };

  it.each([
    ['en', 'This field is required', 'Invalid format', 'Shorten this text to at most 5 characters.', 'Enter a number.', 'Choose one of the options.'],
    ['sq', 'Kjo fushë është e detyrueshme', 'Format i pavlefshëm', 'Shkurtojeni këtë tekst në jo më shumë se 5 karaktere.', 'Shkruani një numër.', 'Zgjidhni një nga mundësitë.'],
    ['sr', 'Ovo polje je obavezno', 'Neispravan format', 'Skratite ovaj tekst. Najveći dozvoljeni broj znakova: 5.', 'Unesite broj.', 'Izaberite jednu od ponuđenih mogućnosti.'],
  ])('says issues by their code and parameters in %s', (language, required, format, tooLong, number, option) => {
    expect(messageOf(safeText({ max: 5 }).min(1, 'This field is required'), '', language)).toBe(required);
    expect(messageOf(z.string().regex(/^[A-Z]{2}$/, 'Whatever the server says'), 'x', language)).toBe(format);
    expect(messageOf(safeText({ max: 5 }), 'far too long', language)).toBe(tooLong);
    expect(messageOf(z.number(), Number.NaN, language)).toBe(number);
    expect(messageOf(z.enum(['a', 'b']), 'c', language)).toBe(option);
    expect(messageOf(z.enum(['a', 'b']), '', language)).toBe(required);
  });
});
