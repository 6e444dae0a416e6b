import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../api-stub';
import { chooseOption } from '../choose-option';
import { makeUser } from '../fixtures';
import { openSignedIn, signOutAfterTest } from '../signed-in';
import { admin, historyEntry, makeService, page } from './service-fixtures';

afterEach(signOutAfterTest);

/** The requests the stubbed fetch received, with their query strings (stubApi records paths only). */
const sentRequests = () =>
  vi.mocked(globalThis.fetch).mock.calls.map(([input, init]) => (input instanceof Request ? input : new Request(input, init)));

const fill = (label: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
const fieldError = (label: string) => {
  const input = screen.getByRole('textbox', { name: label });
  const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
  return described.join(' ');
};

describe('services list', () => {
  it('sends the search, category and state filters and links each service to its detail', async () => {
    stubApi({ 'GET /api/services/': json(200, page([makeService()])) });
    openSignedIn(admin, '/services?category=kosovo_verification&enabled=true&search=Kosovo');
    // The first screen of the file loads its chunk and texts: give it longer than findBy's second.
    const table = await screen.findByRole('grid', { name: 'Services' }, { timeout: 10_000 });
    expect(within(table).getByRole('link', { name: 'Verification of Kosovo diplomas' }).getAttribute('href')).toBe('/services/3');
    expect(within(table).getByText('from €15.00')).toBeTruthy();
    expect(screen.getByText('1 service')).toBeTruthy();
    // The list's own request (the signed-in layout asks for other things beside it).
    const query = new URL(sentRequests().filter((request) => new URL(request.url).pathname === '/api/services/').at(-1)!.url).searchParams;
    expect(Object.fromEntries(query)).toEqual({ page: '1', page_size: '25', search: 'Kosovo', category: 'kosovo_verification', enabled: 'true' });
  });

  it('turns a user who is not an administrator away before anything is fetched', async () => {
    const calls = stubApi({ 'GET /api/services/': json(200, page([makeService()])) });
    const officer = makeUser({ id: 7, groups: ['NARIC Officers'], permissions: ['applications.view_application'] });
    openSignedIn(officer, '/services');
    expect(await screen.findByText(/Administrator privileges are required/)).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith('/api/services/'))).toBe(false);
  });
});

describe('create form', () => {
  it('checks the form with the shared schema before sending: names in every language and every case priced', async () => {
    const calls = stubApi({});
    openSignedIn(admin, '/services/create');
    await screen.findByRole('heading', { level: 1, name: 'Create service' });
    fill('Name (English)', 'Recognition of vocational diplomas');
    fill('Processing time', 'thirty');
    fireEvent.click(screen.getByRole('button', { name: 'Create service' }));

    expect(await screen.findByText(/Correct the marked fields/)).toBeTruthy();
    expect(fieldError('Name (Albanian)')).toContain('This field is required');
    expect(fieldError('Name (Serbian)')).toContain('This field is required');
    expect(fieldError('Name (English)')).toBe('');
    expect(fieldError('Processing time')).toContain('Enter the processing time as a whole number of days.');
    expect(fieldError('Price: Every application (€)')).toContain('This case has no price. Enter an amount (0.00 if it is free).');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('refuses an amount that is not money, in the reader\'s language, and a document type listed twice', async () => {
    stubApi({});
    const view = openSignedIn(admin, '/services/create');
    await screen.findByRole('heading', { level: 1, name: 'Create service' });
    fill('Price: Every application (€)', '-5');
    fireEvent.click(screen.getByRole('button', { name: 'Add a document' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a document' }));
    await chooseOption('Document type', 'Original diploma', screen.getByRole('group', { name: 'Document 1' }));
    await chooseOption('Document type', 'Original diploma', screen.getByRole('group', { name: 'Document 2' }));
    await view.i18n.changeLanguage('sq');
    fireEvent.click(screen.getByRole('button', { name: 'Krijo shërbimin' }));
    expect(await screen.findByText(/Korrigjoni fushat e shënuara/)).toBeTruthy();
    expect(fieldError('Çmimi: Çdo aplikim (€)')).toContain('Shkruani një shumë në euro prej zero ose më shumë');
    expect(within(screen.getByRole('group', { name: 'Dokumenti 2' })).getByText('Ky lloj dokumenti kërkohet tashmë më lart: shënojeni çdo lloj vetëm një herë.')).toBeTruthy();
  });

  it("sends a valid service and shows the server's field errors on their fields", async () => {
    const calls = stubApi({
      'POST /api/services/': json(400, {
        'price_table.prices.standard': ['Enter an amount in euros of zero or more, with at most two decimals (for example 12.50).'],
        name_sq: ['Ensure this field has no more than 200 characters.'],
        field_codes: { 'price_table.prices.standard': [{ code: 'invalid_amount', params: {} }], name_sq: [{ code: 'too_long', params: { max: 200 } }] },
      }),
    });
    openSignedIn(admin, '/services/create');
    await screen.findByRole('heading', { level: 1, name: 'Create service' });
    fill('Name (English)', 'Recognition of vocational diplomas');
    fill('Name (Albanian)', 'Njohja e diplomave profesionale');
    fill('Name (Serbian)', 'Priznavanje stručnih diploma');
    fill('Price: Every application (€)', '30,5');
    fireEvent.click(screen.getByRole('button', { name: 'Create service' }));

    await waitFor(() => expect(fieldError('Name (Albanian)')).toContain('Shorten this text to at most 200 characters.'));
    expect(fieldError('Price: Every application (€)')).toContain('Enter an amount in euros of zero or more');
    const sent = JSON.parse(calls.find((call) => call.method === 'POST')!.body);
    expect(sent).toMatchObject({
      service_type: 1,
      category: 'higher_education',
      name_sq: 'Njohja e diplomave profesionale',
      processing_time_days: 30,
      price_table: { kind: 'flat', prices: { standard: '30.5' }, degree_prices: {} },
    });
  });
});

describe('service detail', () => {
  it('explains why a service with applications is disabled and never deleted, and disables it', async () => {
    const disabled = makeService({ enabled: false, version: 5 });
    const calls = stubApi({
      'GET /api/services/3/': json(200, makeService()),
      'GET /api/services/3/history/': json(200, page([historyEntry])),
      'POST /api/services/3/disable/': json(200, disabled),
    });
    openSignedIn(admin, '/services/3');
    await screen.findByRole('heading', { level: 1, name: 'Verification of Kosovo diplomas' });
    const availability = screen.getByRole('region', { name: 'Availability' });
    expect(within(availability).getByText(/12 applications were made with this service, so it cannot be deleted/)).toBeTruthy();
    expect(within(availability).queryByRole('button', { name: 'Delete service' })).toBeNull();

    fireEvent.click(within(availability).getByRole('button', { name: 'Disable service' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disable Verification of Kosovo diplomas?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable service' }));
    await waitFor(() => expect(within(availability).getByText('Disabled: no new application can be made with this service.')).toBeTruthy());
    expect(JSON.parse(calls.find((call) => call.path === '/api/services/3/disable/')!.body)).toEqual({ version: 4 });
  });

  it('offers deletion only for a service no application uses', async () => {
    stubApi({
      'GET /api/services/3/': json(200, makeService({ application_count: 0 })),
      'GET /api/services/3/history/': json(200, page([])),
    });
    openSignedIn(admin, '/services/3');
    const availability = await screen.findByRole('region', { name: 'Availability' });
    expect(within(availability).getByText('No application was made with this service yet, so it can still be deleted.')).toBeTruthy();
    expect(within(availability).getByRole('button', { name: 'Delete service' })).toBeTruthy();
  });

  it('shows the price table, documents, stages and the history with before and after', async () => {
    stubApi({
      'GET /api/services/3/': json(200, makeService()),
      'GET /api/services/3/history/': json(200, page([historyEntry])),
    });
    openSignedIn(admin, '/services/3');
    const prices = await screen.findByRole('grid', { name: 'Price table' });
    expect(within(prices).getByRole('row', { name: /More than one document/ }).textContent).toContain('€25.00');
    expect(within(screen.getByRole('grid', { name: 'Document requirements' })).getByText('Identity document')).toBeTruthy();
    expect(within(screen.getByRole('grid', { name: 'Selectable documents' })).getByText('Supplement')).toBeTruthy();
    const history = await screen.findByRole('grid', { name: 'History' });
    expect(within(history).getByText('Arben Gashi')).toBeTruthy();
    expect(within(history).getByText('Processing time: 20 days → 30 days')).toBeTruthy();
  });

  it('quotes the documents chosen and shows the amount with its breakdown, formatted for the language', async () => {
    const calls = stubApi({
      'GET /api/services/3/': json(200, makeService()),
      'GET /api/services/3/history/': json(200, page([])),
      'POST /api/services/3/quote/': json(200, {
        service_id: 3,
        service_version: 4,
        currency: 'EUR',
        amount: '1250.00',
        price_case: 'more_than_one',
        fee_enabled: true,
        exemption_allowed: false,
        exemption_requested: false,
        lines: [{ rule: 'case_price', amount: '1250.00', price_case: 'more_than_one', degree_level: null, counted_documents: 2, label: 'Çmimi për më shumë se një dokument (2 dokumente)' }],
      }),
    });
    const view = openSignedIn(admin, '/services/3');
    await screen.findByRole('region', { name: 'Fee preview' });
    await view.i18n.changeLanguage('sq');
    const quote = await screen.findByRole('region', { name: 'Parapamja e tarifës' });
    fireEvent.click(within(quote).getByRole('checkbox', { name: 'Diploma origjinale' }));
    fireEvent.click(within(quote).getByRole('checkbox', { name: 'Certifikata e notave origjinale' }));
    fireEvent.click(within(quote).getByRole('checkbox', { name: 'Dokument identifikimi (nuk numërohet)' }));
    fireEvent.click(within(quote).getByRole('button', { name: 'Llogarit tarifën' }));
    // Albanian writes 1250 without a group separator (CLDR minimumGroupingDigits 2) and the € after a
    // no-break space (the matcher reads it as a space).
    expect(await within(quote).findByText('Për t\'u paguar: 1250,00 €')).toBeTruthy();
    expect(within(screen.getByRole('grid', { name: 'Si u llogarit tarifa' })).getByText('Çmimi për më shumë se një dokument (2 dokumente)')).toBeTruthy();
    expect(JSON.parse(calls.find((call) => call.path === '/api/services/3/quote/')!.body)).toEqual({
      documents: ['original_diploma', 'original_transcript', 'id_document'],
      degree_level: null,
      request_type: null,
      exemption_requested: false,
      language: 'sq',
    });
  });

  it('shows the not-found state for an id no service has', async () => {
    stubApi({ 'GET /api/services/999/': json(404, { detail: 'Not found.' }) });
    openSignedIn(admin, '/services/999');
    expect(await screen.findByText('Service not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the services' }).getAttribute('href')).toBe('/services');
  });
});
