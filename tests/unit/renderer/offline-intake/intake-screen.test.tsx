import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropCounterStore } from '../../../../src/renderer/features/offline-intake/use-counter-store';
import type { Service } from '../../../../src/shared/api/services';
import { GROUPS } from '../../../../src/shared/auth/permissions';
import { BridgeError, type NaricBridge } from '../../../../src/shared/bridge';
import { json, stubApi } from '../api-stub';
import { chooseOption } from '../choose-option';
import { makeUser } from '../fixtures';
import { openSignedIn, signOutAfterTest } from '../signed-in';
import { randomKeyText } from './counter-fixtures';

// The counter screen over the real drafts store (fake-indexeddb, WebCrypto) and a bridge double
// for the drafts key and the kept PDFs; the server's services list through the stubbed fetch.

afterEach(() => {
  signOutAfterTest();
  dropCounterStore();
});

const admin = makeUser({ id: 1, username: 'admin', groups: [GROUPS.administrators], is_superuser: true });

function verificationService(): Service {
  return {
    id: 3,
    service_type: 3,
    category: 'kosovo_verification',
    name_en: 'Verification of Kosovo diplomas',
    name_sq: 'Verifikimi i diplomave të Kosovës',
    name_sr: 'Verifikacija kosovskih diploma',
    description_en: '',
    description_sq: '',
    description_sr: '',
    requirements_en: '',
    requirements_sq: '',
    requirements_sr: '',
    fee: '15.00',
    fee_enabled: true,
    base_fee_amount: '15.00',
    fee_exemption_allowed: false,
    processing_time_days: 30,
    enabled: true,
    council_required: false,
    appeal_period_days: null,
    appeal_body_en: '',
    appeal_body_sq: '',
    appeal_body_sr: '',
    degree_options: [],
    document_requirements: [
      { document_type: 'original_diploma', required: true, description_en: 'The diploma to verify.', description_sq: 'Diploma.', description_sr: 'Diploma.' },
      { document_type: 'original_transcript', required: true, description_en: '', description_sq: '', description_sr: '' },
    ],
    selectable_documents: [],
    workflow_stages: ['submitted'],
    price_table: { kind: 'document_count', prices: { one_or_fewer: '15.00', more_than_one: '25.00' }, degree_prices: {} },
    application_count: 0,
    version: 1,
    created_at: '2026-01-05T09:00:00Z',
    updated_at: '2026-02-10T14:30:00Z',
  };
}

const servicesPage = { count: 1, next: null, previous: null, results: [verificationService()] };

interface ScreenOptions {
  reachable?: boolean;
  /** The server's health check, when a test decides when and how the server answers. */
  health?: () => Promise<never>;
}

/** A bridge that keeps "scanned" files in memory, as main would in its user-data folder. */
function counterBridge(options: ScreenOptions = {}) {
  const owner = crypto.randomUUID().replace(/-/g, '');
  const key = randomKeyText();
  const kept = new Map<string, string>();
  let picked = 0;
  const bridge = {
    system: {
      health:
        options.health ??
        (options.reachable === false
          ? () => Promise.reject(new BridgeError({ code: 'network_error', message: 'Network error' }))
          : async () => ({ status: 'ok' }) as never),
    },
    transfer: {
      limits: async () => ({ max_upload_bytes: 50 * 1024 * 1024 }) as never,
      choosePdf: async () => {
        picked += 1;
        return { selection: `selection-${picked}`, file_name: `scan-${picked}.pdf`, size: 1000 + picked };
      },
    },
    counter: {
      draftKey: async () => ({ owner, key }),
      keepAttachment: vi.fn(async ({ selection }: { selection: string }) => {
        const attachmentId = crypto.randomUUID();
        kept.set(attachmentId, selection);
        return { attachment_id: attachmentId, file_name: `${selection.replace('selection', 'scan')}.pdf`, size: 1234, sha256: 'a'.repeat(64) };
      }),
      removeAttachment: vi.fn(async ({ attachment_id }: { attachment_id: string }) => void kept.delete(attachment_id)),
      stageAttachment: () => new Promise<never>(() => {}),
    },
  } satisfies { [K in keyof NaricBridge]?: Partial<NaricBridge[K]> };
  return { bridge, kept };
}

const textbox = (name: string) => screen.getByRole('textbox', { name });
const fill = (name: string, value: string) => fireEvent.change(textbox(name), { target: { value } });
const fieldError = (name: string) =>
  (textbox(name).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

// Waits of 15 s: the outbox and the drafts list are written through IndexedDB and WebCrypto, which
// took over 5 s when the test files run side by side on a loaded machine.
async function openScreen(options: ScreenOptions = {}) {
  const calls = stubApi({
    'GET /api/services/': json(200, servicesPage),
    'GET /api/countries/': json(200, { count: 0, next: null, previous: null, results: [] }),
    // The institution field asks for registered institutions while the server answers.
    'GET /api/reference/institutions/choices/': json(200, { results: [] }),
  });
  const { bridge, kept } = counterBridge(options);
  openSignedIn(admin, '/applications/offline/new', bridge);
  await screen.findByRole('heading', { level: 1, name: 'Create offline application' }, { timeout: 10_000 });
  await screen.findByRole('grid', { name: 'My drafts' }, { timeout: 10_000 });
  return { calls, bridge, kept };
}

/** Chooses the service once the catalogue has arrived (the list has no options before). */
async function chooseService() {
  await waitFor(
    async () => {
      if (screen.queryByRole('listbox')) fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
      await chooseOption('Service applied for', 'Service 3: Verification of Kosovo diplomas');
    },
    { timeout: 8_000 },
  );
}

async function fillApplicant() {
  fill('First name', 'Arbër');
  fill('Last name', 'Krasniqi');
  fill('Personal ID number', '1234567890');
  fill('E-mail', 'arber@example.org');
  // The institution is a searchable choice that takes a name the list lacks.
  fireEvent.change(screen.getByRole('combobox', { name: 'Institution' }), { target: { value: 'Universiteti i Prishtinës' } });
  await chooseService();
}

describe('counter screen', { timeout: 40_000 }, () => {
  it('autosaves the draft as the officer types and lists it among the drafts', async () => {
    await openScreen();
    expect(screen.getByText('No drafts. What you type in the form is saved here.')).toBeTruthy();
    fill('First name', 'Arbër');
    fill('Last name', 'Krasniqi');
    const drafts = screen.getByRole('grid', { name: 'My drafts' });
    expect(await within(drafts).findByText('Arbër Krasniqi', {}, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByText(/^Saved at \d{2}:\d{2}$/)).toBeTruthy();
    expect(screen.getByText('1 draft on this computer')).toBeTruthy();
  });

  it('checks the draft with the server schema on Send: field errors beside the fields, a summary, nothing queued', async () => {
    await openScreen();
    fill('First name', 'Arbër');
    fill('E-mail', 'not an address');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/^Correct \d+ fields before sending\.$/)).toBeTruthy();
    expect(fieldError('Last name')).toContain('This field is required');
    expect(fieldError('Personal ID number')).toContain('This field is required');
    expect(fieldError('E-mail')).toContain('Enter a valid e-mail address');
    expect(fieldError('First name')).toBe('');
    expect(screen.getAllByText('Choose the service applied for.').length).toBeGreaterThan(0);
    expect(within(screen.getByRole('grid', { name: 'Outbox' })).getByText('Nothing sent from this computer yet.')).toBeTruthy();
  });

  it('attaches scans kept on this computer, quotes the fee locally and queues the application', async () => {
    const { bridge, kept } = await openScreen();
    await fillApplicant();
    expect(await screen.findByText('Fee to pay: €15.00')).toBeTruthy();

    const diploma = screen.getByRole('group', { name: 'Original diploma' });
    fireEvent.click(within(diploma).getByRole('button', { name: 'Scan or choose PDF' }));
    expect(await within(diploma).findByText(/scan-1\.pdf/)).toBeTruthy();
    const transcript = screen.getByRole('group', { name: 'Original transcript' });
    fireEvent.click(within(transcript).getByRole('button', { name: 'Scan or choose PDF' }));
    expect(await within(transcript).findByText(/scan-2\.pdf/)).toBeTruthy();
    // Two counted documents: the document-count table's second case.
    expect(await screen.findByText('Fee to pay: €25.00')).toBeTruthy();
    expect(bridge.counter.keepAttachment).toHaveBeenCalledTimes(2);
    expect(kept.size).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const outbox = screen.getByRole('grid', { name: 'Outbox' });
    expect(await within(outbox).findByText('Arbër Krasniqi', {}, { timeout: 15_000 })).toBeTruthy();
    expect(within(outbox).getByText('Queued')).toBeTruthy();
    expect(screen.getByText('The application of Arbër Krasniqi is in the outbox. It is sent as soon as the server can be reached.')).toBeTruthy();
    // The form starts a new application; the queued one is no longer a draft.
    expect(screen.getByRole('heading', { level: 2, name: 'New application' })).toBeTruthy();
    expect((textbox('First name') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(within(screen.getByRole('grid', { name: 'My drafts' })).queryByText('Arbër Krasniqi')).toBeNull());
  });

  it('marks the required fields before Send, and keeps what is typed while a scan is being kept', async () => {
    const { bridge } = await openScreen();
    // The e-mail is required: marked before anything is sent, like the names and the service.
    for (const name of ['First name', 'Last name', 'Personal ID number', 'E-mail']) {
      expect(textbox(name).getAttribute('aria-required')).toBe('true');
      expect(textbox(name).closest('.field')!.querySelector('.field__label[data-required]')).toBeTruthy();
    }
    expect(textbox('Phone').closest('.field')!.querySelector('.field__label[data-required]')).toBeNull();
    await fillApplicant();
    let finish: (() => void) | undefined;
    const keep = bridge.counter.keepAttachment.getMockImplementation()!;
    bridge.counter.keepAttachment.mockImplementationOnce((request) => new Promise((resolve) => (finish = () => resolve(keep(request)))));
    const diploma = screen.getByRole('group', { name: 'Original diploma' });
    fireEvent.click(within(diploma).getByRole('button', { name: 'Scan or choose PDF' }));
    await waitFor(() => expect(finish).toBeDefined());
    // The officer goes on typing while the scan is sealed on this computer.
    fill('Phone', '+383 44 123 456');
    fill('First name', 'Arbëresha');
    finish!();
    expect(await within(diploma).findByText(/scan-1\.pdf/)).toBeTruthy();
    expect((textbox('Phone') as HTMLInputElement).value).toBe('+383 44 123 456');
    expect((textbox('First name') as HTMLInputElement).value).toBe('Arbëresha');
  });

  it('warns that an application without its required documents will be marked incomplete, and sends it when asked', async () => {
    await openScreen();
    await fillApplicant();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send an incomplete application?' });
    expect(within(dialog).getByText('Required documents are missing: Original diploma, Original transcript. The application will be marked incomplete.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send anyway' }));
    expect(await within(screen.getByRole('grid', { name: 'Outbox' })).findByText('Queued', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('says that the server cannot be reached and what happens to the work', async () => {
    await openScreen({ reachable: false });
    expect(await screen.findByText(/The server cannot be reached\. You can keep working: drafts are saved on this computer/)).toBeTruthy();
  });

  it('says the services are this computer\'s copy once the server goes away, whichever answered first when the screen opened', async () => {
    // The drafts store opens (and the services are kept) before the first health check answers.
    let answer: () => void = () => {};
    const firstAnswer = new Promise<void>((resolve) => (answer = resolve));
    let serverGone = false;
    const health = async (): Promise<never> => {
      await firstAnswer;
      if (serverGone) throw new BridgeError({ code: 'network_error', message: 'Network error' });
      return { status: 'ok' } as never;
    };
    const { calls } = await openScreen({ health });
    const asked = () => calls.filter((call) => call.path === '/api/services/').length;
    // Asked without the store, then with it (the copy is kept).
    await waitFor(() => expect(asked()).toBe(2), { timeout: 10_000 });
    answer();
    await waitFor(() => expect(asked()).toBe(3), { timeout: 10_000 });
    expect(screen.queryByText(/computer's copy/)).toBeNull();

    serverGone = true;
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText(/^The server cannot be reached\. You can keep working/)).toBeTruthy();
    expect(await screen.findByText(/^The services and fees shown are this computer's copy from /, {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('deletes a draft only after asking, with its kept files', async () => {
    const { bridge } = await openScreen();
    fill('First name', 'Drita');
    await chooseService();
    const diploma = screen.getByRole('group', { name: 'Original diploma' });
    fireEvent.click(within(diploma).getByRole('button', { name: 'Scan or choose PDF' }));
    await within(diploma).findByText(/scan-1\.pdf/);
    const drafts = screen.getByRole('grid', { name: 'My drafts' });
    await within(drafts).findByText('Drita', {}, { timeout: 5_000 });
    // Let the autosave store the attachment before deleting.
    await screen.findByText(/^Saved at/);
    await waitFor(() => expect(screen.queryByText('Saving…')).toBeNull());
    fireEvent.click(within(drafts).getByRole('button', { name: 'Delete the draft of Drita' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this draft?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(screen.getByRole('grid', { name: 'My drafts' })).queryByText('Drita')).toBeNull());
    expect(bridge.counter.removeAttachment).toHaveBeenCalled();
  });
});
