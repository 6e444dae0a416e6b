import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dropCounterStore } from '../../../../src/renderer/features/offline-intake/use-counter-store';
import { BridgeError, type NaricBridge } from '../../../../src/shared/bridge';
import { json, stubApi } from '../api-stub';
import { openSignedIn, signOutAfterTest } from '../signed-in';
import { randomKeyText } from '../offline-intake/counter-fixtures';
import { administrator, countryCatalogue, makeInstitution, page } from './reference-fixtures';

// The counter's institution field: a searchable choice over the registered
// institutions that still takes a name the list lacks, and plain typing while offline.

afterEach(() => {
  signOutAfterTest();
  dropCounterStore();
});

const CHOICES = '/api/reference/institutions/choices/';

function counterBridge(reachable: boolean) {
  const owner = crypto.randomUUID().replace(/-/g, '');
  const key = randomKeyText();
  return {
    system: {
      health: reachable ? async () => ({ status: 'ok' }) as never : () => Promise.reject(new BridgeError({ code: 'network_error', message: 'Network error' })),
    },
    transfer: { limits: async () => ({ max_upload_bytes: 50 * 1024 * 1024 }) as never },
    counter: { draftKey: async () => ({ owner, key }) },
  } satisfies { [K in keyof NaricBridge]?: Partial<NaricBridge[K]> };
}

async function openCounter(reachable: boolean) {
  const tirana = makeInstitution({ id: 13, name_en: 'University of Tirana', name_sq: 'Universiteti i Tiranës', name_sr: 'Univerzitet u Tirani', country: 'AL', website: 'https://unitir.edu.al', email: 'info@unitir.edu.al' });
  const calls = stubApi({
    'GET /api/services/': json(200, page([])),
    'GET /api/countries/': json(200, countryCatalogue),
    [`GET ${CHOICES}`]: json(200, { results: [tirana].map(({ id, name_en, name_sq, name_sr, country, type, website, email, accreditation_status }) => ({ id, name_en, name_sq, name_sr, country, type, website, email, accreditation_status })) }),
  });
  openSignedIn(administrator, '/applications/offline/new', counterBridge(reachable));
  await screen.findByRole('heading', { level: 1, name: 'Create offline application' }, { timeout: 10_000 });
  return calls;
}

const institution = () => screen.getByRole('combobox', { name: 'Institution' }) as HTMLInputElement;

describe('the counter form: institution choice', { timeout: 60_000 }, () => {
  it('offers the registered institutions as the name is typed; choosing one fills its country, type and addresses', async () => {
    const calls = await openCounter(true);
    await screen.findByText('Choose from the registered institutions, or type a name the list lacks.', {}, { timeout: 10_000 });
    act(() => institution().focus());
    fireEvent.change(institution(), { target: { value: 'Tira' } });
    const option = await screen.findByRole('option', { name: /University of Tirana/ }, { timeout: 5_000 });
    const asked = calls.filter((call) => call.path === CHOICES);
    expect(asked.length).toBeGreaterThan(0);
    fireEvent.click(option);
    await waitFor(() => expect(institution().value).toBe('University of Tirana'));
    // The chosen name replacing the typed text must not reopen the list (it hid the rest of the form).
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Website of the institution' }) as HTMLInputElement).value).toBe('https://unitir.edu.al');
    expect((screen.getByRole('textbox', { name: 'E-mail of the institution' }) as HTMLInputElement).value).toBe('info@unitir.edu.al');
    expect(screen.getByRole('combobox', { name: /^Country of the institution/ })).toHaveProperty('value', 'Albania');
  });

  it('keeps a name the list lacks as typed', async () => {
    await openCounter(true);
    await screen.findByText('Choose from the registered institutions, or type a name the list lacks.', {}, { timeout: 10_000 });
    fireEvent.change(institution(), { target: { value: 'Kolegji i Panjohur' } });
    fireEvent.blur(institution());
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(institution().value).toBe('Kolegji i Panjohur');
  });

  it('while the server cannot be reached, the field is plain typing and nothing is asked', async () => {
    const calls = await openCounter(false);
    expect(await screen.findByText('The server cannot be reached: type the name. The list of institutions returns when it answers.', {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.change(institution(), { target: { value: 'Universiteti i Prishtinës' } });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(institution().value).toBe('Universiteti i Prishtinës');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(calls.some((call) => call.path === CHOICES)).toBe(false);
  });
});
