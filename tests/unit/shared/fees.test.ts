import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SERVICE_DEGREE_OPTIONS, SERVICE_TYPES, type ServiceType } from '../../../src/shared/constants';
import { DOCUMENT_TYPES, type DocumentType } from '../../../src/shared/document-types';
import {
  ACADEMIC_INFORMATION_REQUEST_TYPES,
  PRICE_CASES,
  PRICE_TABLE_KIND_BY_SERVICE_TYPE,
  UNCOUNTED_DOCUMENT_TYPES,
  countedDocuments,
  lowestPrice,
  priceTableProblems,
  quoteFee,
  uniformPriceTable,
  type FeeService,
  type PriceTable,
  type QuoteInput,
} from '../../../src/shared/domain/fees';
import { MONEY_MESSAGE, fromCents, isMoney, normaliseMoney, toCents } from '../../../src/shared/domain/fees-money';
import { ALL_PRICE_CASES, FEE_PROBLEM_MESSAGES, FEE_RULES } from '../../../src/shared/domain/fees';
import { DEGREE_OPTION_MESSAGE, DUPLICATE_DOCUMENT_TYPE_MESSAGE, DUPLICATE_MESSAGE, STAGE_MESSAGE } from '../../../src/shared/api/services';
import serverTexts from '../../../locales/en/server.json';

// The rules of spec §9 as properties over random price tables and applications (fast-check).

const cents = fc.integer({ min: 0, max: 99_999_99 });
const money = cents.map(fromCents);
const documentType = fc.constantFrom(...DOCUMENT_TYPES);
const documents = fc.array(documentType, { maxLength: 12 });
const serviceType = fc.constantFrom(...SERVICE_TYPES);

/** A complete price table for the type, with degree prices for some of the levels it offers. */
function priceTableFor(type: ServiceType): fc.Arbitrary<PriceTable> {
  const kind = PRICE_TABLE_KIND_BY_SERVICE_TYPE[type];
  const cases = PRICE_CASES[kind];
  const prices = fc.tuple(...cases.map(() => money)).map((amounts) => Object.fromEntries(cases.map((c, i) => [c, amounts[i]!])));
  const degreePrices = fc
    .subarray([...SERVICE_DEGREE_OPTIONS[type]])
    .chain((degrees) =>
      fc.tuple(...degrees.map(() => fc.dictionary(fc.constantFrom(...cases), money, { maxKeys: cases.length }))).map((tables) =>
        Object.fromEntries(degrees.map((degree, i) => [degree, tables[i]!])),
      ),
    );
  return fc.record({ kind: fc.constant(kind), prices, degree_prices: degreePrices });
}

const service: fc.Arbitrary<FeeService> = serviceType.chain((type) =>
  fc.record({
    service_type: fc.constant(type),
    fee_enabled: fc.boolean(),
    fee_exemption_allowed: fc.boolean(),
    degree_options: fc.constant([...SERVICE_DEGREE_OPTIONS[type]]),
    price_table: priceTableFor(type),
  }),
);

/** A request the service can price: a degree it offers (or none), a request type for service 5, a diploma or transcript for service 2. */
function pricedInput(s: FeeService): fc.Arbitrary<QuoteInput> {
  const degree = s.degree_options.length ? fc.option(fc.constantFrom(...s.degree_options), { nil: null }) : fc.constant(null);
  const requestType = s.service_type === 5 ? fc.constantFrom(...ACADEMIC_INFORMATION_REQUEST_TYPES) : fc.constant(null);
  const docs = s.service_type === 2 ? fc.tuple(fc.constantFrom<DocumentType>('original_diploma', 'original_transcript'), documents).map(([first, rest]) => [first, ...rest]) : documents;
  return fc.record({ documents: docs, degree_level: degree, request_type: requestType, exemption_requested: fc.constant(false) });
}

const quoted = (s: FeeService, input: QuoteInput) => {
  const result = quoteFee(s, input);
  if (!result.ok) throw new Error(`not priced: ${JSON.stringify(result.problems)}`);
  return result.quote;
};

describe('money', () => {
  it('round-trips cents through decimal strings without floats', () => {
    fc.assert(fc.property(cents, (value) => toCents(fromCents(value)) === value));
    expect(normaliseMoney('5')).toBe('5.00');
    expect(normaliseMoney('12.5')).toBe('12.50');
    expect(toCents('0.29')).toBe(29); // 0.29 * 100 is 28.999… as a float
    for (const bad of ['-1', '1.234', 'ten', '', '1e3', ' 5', '5.']) expect(isMoney(bad)).toBe(false);
  });
});

describe('fees engine', () => {
  it('the completed form and the ID document never change a price', () => {
    fc.assert(
      fc.property(
        service.chain((s) => fc.tuple(fc.constant(s), pricedInput(s), fc.array(fc.constantFrom(...UNCOUNTED_DOCUMENT_TYPES), { minLength: 1, maxLength: 4 }))),
        ([s, input, extra]) => {
          const without = quoted(s, input);
          const withFormAndId = quoted(s, { ...input, documents: [...input.documents, ...extra] });
          expect(withFormAndId.total_cents).toBe(without.total_cents);
          expect(withFormAndId.price_case).toBe(without.price_case);
        },
      ),
    );
  });

  it('more documents never lower a verification price (services 3 and 4)', () => {
    const verification = service.filter((s) => s.service_type === 3 || s.service_type === 4);
    fc.assert(
      fc.property(
        verification.chain((s) => fc.tuple(fc.constant(s), pricedInput(s), fc.array(documentType, { minLength: 1, maxLength: 5 }))),
        ([s, input, more]) => {
          // A table where more documents cost less would be the admin's choice; the rule is about
          // tables that charge more for more (as every sensible one does): compare within those.
          const table = s.price_table;
          const priced = (priceCase: 'one_or_fewer' | 'more_than_one') =>
            toCents((input.degree_level ? table.degree_prices[input.degree_level]?.[priceCase] : undefined) ?? table.prices[priceCase]!);
          fc.pre(priced('more_than_one') >= priced('one_or_fewer'));
          expect(quoted(s, { ...input, documents: [...input.documents, ...more] }).total_cents).toBeGreaterThanOrEqual(quoted(s, input).total_cents);
        },
      ),
    );
  });

  it('counts every document but the form and the ID: more than one counted is the higher case', () => {
    fc.assert(
      fc.property(documents, (docs) => {
        const counted = docs.filter((type) => type !== 'verification_request' && type !== 'id_document').length;
        expect(countedDocuments(docs)).toBe(counted);
        const s: FeeService = { service_type: 3, fee_enabled: true, fee_exemption_allowed: false, degree_options: [], price_table: uniformPriceTable(3, '1.00') };
        expect(quoted(s, { documents: docs }).price_case).toBe(counted > 1 ? 'more_than_one' : 'one_or_fewer');
      }),
    );
  });

  it('a disabled fee is always 0; an enabled one is the table’s price, the degree level’s where it has one', () => {
    fc.assert(
      fc.property(service.chain((s) => fc.tuple(fc.constant(s), pricedInput(s))), ([s, input]) => {
        const quote = quoted(s, input);
        const priceCase = quote.price_case!;
        const degreePrice = input.degree_level ? s.price_table.degree_prices[input.degree_level]?.[priceCase] : undefined;
        const expected = s.fee_enabled ? toCents(degreePrice ?? s.price_table.prices[priceCase]!) : 0;
        expect(quote.total_cents).toBe(expected);
        expect(quote.lines.reduce((sum, line) => sum + line.amount_cents, 0)).toBe(quote.total_cents);
        expect(quote.lines[0]!.rule).toBe(!s.fee_enabled ? 'fee_disabled' : degreePrice ? 'degree_level_price' : 'case_price');
      }),
    );
  });

  it('pre-university: diploma only, transcript only or both', () => {
    const s: FeeService = {
      service_type: 2,
      fee_enabled: true,
      fee_exemption_allowed: true,
      degree_options: ['upper_secondary'],
      price_table: { kind: 'diploma_transcript', prices: { diploma_only: '15.00', transcript_only: '10.00', both: '20.00' }, degree_prices: { upper_secondary: { both: '25.00' } } },
    };
    expect(quoted(s, { documents: ['diploma_translation', 'id_document'] }).total_cents).toBe(1500);
    expect(quoted(s, { documents: ['original_transcript'] }).total_cents).toBe(1000);
    expect(quoted(s, { documents: ['original_transcript', 'original_diploma'] }).total_cents).toBe(2000);
    expect(quoted(s, { documents: ['original_transcript', 'original_diploma'], degree_level: 'upper_secondary' }).total_cents).toBe(2500);
    // The degree level has no diploma-only price of its own: the base one applies.
    expect(quoted(s, { documents: ['original_diploma'], degree_level: 'upper_secondary' }).total_cents).toBe(1500);
    expect(quoteFee(s, { documents: ['id_document'] })).toEqual({ ok: false, problems: [{ field: 'documents', code: 'no_diploma_or_transcript' }] });
  });

  it('exemptions: may be requested only where allowed, shown as a line, never changing the amount', () => {
    fc.assert(
      fc.property(service.chain((s) => fc.tuple(fc.constant(s), pricedInput(s))), ([s, input]) => {
        const result = quoteFee(s, { ...input, exemption_requested: true });
        if (!s.fee_exemption_allowed) {
          expect(result).toMatchObject({ ok: false, problems: [{ field: 'exemption_requested', code: 'exemption_not_allowed' }] });
          return;
        }
        expect(result.ok && result.quote.total_cents).toBe(quoted(s, input).total_cents);
        expect(result.ok && result.quote.exemption_allowed).toBe(true);
      }),
    );
  });

  it('refuses a degree level the service does not offer and an unknown request type', () => {
    const s: FeeService = { service_type: 5, fee_enabled: true, fee_exemption_allowed: false, degree_options: ['general_academic_information'], price_table: uniformPriceTable(5, '5.00') };
    expect(quoteFee(s, { documents: [], degree_level: 'master', request_type: 'general_academic_information' })).toEqual({
      ok: false,
      problems: [{ field: 'degree_level', code: 'degree_not_offered' }],
    });
    expect(quoteFee(s, { documents: [], request_type: 'horoscope' })).toEqual({ ok: false, problems: [{ field: 'request_type', code: 'request_type_unknown' }] });
  });
});

describe('price tables', () => {
  it('a complete table of the type’s kind has no problems; each unpriced case is named', () => {
    fc.assert(
      fc.property(serviceType.chain((type) => fc.tuple(fc.constant(type), priceTableFor(type))), ([type, table]) => {
        expect(priceTableProblems(type, SERVICE_DEGREE_OPTIONS[type], table)).toEqual([]);
        const cases = PRICE_CASES[table.kind];
        const dropped = cases[0]!;
        const { [dropped]: _gone, ...rest } = table.prices;
        expect(priceTableProblems(type, SERVICE_DEGREE_OPTIONS[type], { ...table, prices: rest })).toContainEqual({ field: `price_table.prices.${dropped}`, code: 'unpriced_case' });
      }),
    );
  });

  it('names wrong kinds, unknown cases, bad amounts and degree levels not offered', () => {
    expect(priceTableProblems(3, [], uniformPriceTable(1, '1.00'))).toEqual([{ field: 'price_table.kind', code: 'wrong_table_kind' }]);
    expect(priceTableProblems(3, [], { kind: 'document_count', prices: { one_or_fewer: '-1', more_than_one: '1', both: '2' }, degree_prices: { master: {} } })).toEqual([
      { field: 'price_table.prices.one_or_fewer', code: 'invalid_amount' },
      { field: 'price_table.prices.both', code: 'unknown_case' },
      { field: 'price_table.degree_prices.master', code: 'degree_not_offered' },
    ]);
  });

  it('the headline fee is the lowest base price', () => {
    expect(lowestPrice({ kind: 'diploma_transcript', prices: { diploma_only: '15.00', transcript_only: '10.00', both: '20.00' }, degree_prices: {} })).toBe('10.00');
  });
});

describe('texts', () => {
  it('every message the rules and the services schema write has a translation key (locales/*/server.json)', () => {
    const known = new Set(Object.values(serverTexts.services.messages));
    for (const message of [...Object.values(FEE_PROBLEM_MESSAGES), MONEY_MESSAGE, DEGREE_OPTION_MESSAGE, DUPLICATE_MESSAGE, DUPLICATE_DOCUMENT_TYPE_MESSAGE, STAGE_MESSAGE]) {
      expect(known, message).toContain(message);
    }
  });

  it('every rule, price case and degree option has a label', () => {
    expect(Object.keys(serverTexts.services.feeRules).sort()).toEqual([...FEE_RULES].sort());
    expect(Object.keys(serverTexts.services.priceCases).sort()).toEqual(ALL_PRICE_CASES.map((c) => c.replace(/_([a-z0-9])/g, (_, l: string) => l.toUpperCase())).sort());
    expect(Object.keys(serverTexts.services.degreeOptions).sort()).toEqual([...new Set(Object.values(SERVICE_DEGREE_OPTIONS).flat())].sort());
  });
});
