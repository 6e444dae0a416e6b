import type { TFunction } from 'i18next';
import type { Language } from '../../../shared/constants';
import { priceCaseKey } from './service-texts';

// A change of the service history as a person reads it: one line per changed field (and per
// changed price, per changed document), its name in the reader's words, both values formatted as
// the screens show them: money in euros, yes/no, days, dates, the names of degree levels, stages
// and document types. A field this module does not know (one added later) still reads as
// "field: before → after", with its stored name and a short text of its values.

export interface ChangeLine {
  field: string;
  before: string;
  after: string;
}

/** The formatters the lines need (lib/format.ts's useFormat gives them). */
export interface ChangeFormat {
  language: Language;
  money: (amount: string | number | null | undefined) => string;
  date: (value: string) => string;
  dateTime: (value: string) => string;
}

const NOTHING = '—';

const FIELD_KEYS: Readonly<Record<string, string>> = {
  service_type: 'services:fields.type',
  category: 'services:fields.category',
  fee_enabled: 'services:fields.feeEnabled',
  base_fee_amount: 'services:fields.baseFee',
  fee_exemption_allowed: 'services:fields.exemptionAllowed',
  processing_time_days: 'services:fields.processingTime',
  appeal_period_days: 'services:fields.appealPeriod',
  enabled: 'services:fields.state',
  council_required: 'services:fields.councilRequired',
  degree_options: 'services:fields.degreeOptions',
  document_requirements: 'services:fields.documentRequirements',
  selectable_documents: 'services:fields.selectableDocuments',
  workflow_stages: 'services:fields.workflowStages',
  price_table: 'services:fields.priceTable',
  fee: 'services:fields.fee',
};

const MONEY_FIELDS = new Set(['fee', 'base_fee_amount']);
const LOCALISED = /^(name|description|requirements|label|appeal_body)_(en|sq|sr)$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function fieldName(field: string, t: TFunction): string {
  const localisedField = LOCALISED.exec(field);
  if (localisedField) {
    const name =
      localisedField[1] === 'label' ? t('services:form.label') : t(`services:fields.${localisedField[1] === 'appeal_body' ? 'appealBody' : localisedField[1]}`);
    return t('services:form.inLanguage', { field: name, language: t(`services:languages.${localisedField[2]}`) });
  }
  return FIELD_KEYS[field] ? t(FIELD_KEYS[field]) : field;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const empty = (value: unknown) => value === null || value === undefined || value === '';

/** A plain value: nothing as a dash, yes/no, dates as dates; anything else as short text. */
function plainText(value: unknown, t: TFunction, format: ChangeFormat): string {
  if (empty(value)) return NOTHING;
  if (typeof value === 'boolean') return t(value ? 'services:yes' : 'services:no');
  if (typeof value === 'string') {
    if (ISO_DATE.test(value)) return format.date(value);
    if (ISO_TIME.test(value)) return format.dateTime(value);
    return value;
  }
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** A list of codes by their names, in their stored order. */
function listText(value: unknown, name: (code: string) => string): string {
  if (!Array.isArray(value) || value.length === 0) return NOTHING;
  return value.map((code) => name(String(code))).join(', ');
}

function valueText(field: string, value: unknown, t: TFunction, format: ChangeFormat): string {
  if (empty(value)) return NOTHING;
  if (MONEY_FIELDS.has(field)) return format.money(value as string);
  switch (field) {
    case 'service_type':
      return t('services:typeNumber', { type: value });
    case 'category':
      return t(`services:categories.${String(value)}`, { defaultValue: String(value) });
    case 'enabled':
      return t(value ? 'services:state.enabled' : 'services:state.disabled');
    case 'processing_time_days':
    case 'appeal_period_days':
      return typeof value === 'number' ? t('services:days', { count: value }) : plainText(value, t, format);
    case 'degree_options':
      return listText(value, (code) => t(`services:degrees.${code}`, { defaultValue: code }));
    case 'workflow_stages':
      return listText(value, (code) => t(`applications:status.${code}`, { defaultValue: code }));
    case 'selectable_documents':
      return Array.isArray(value) && value.length > 0
        ? value.map((document) => (isRecord(document) ? String(document[`label_${format.language}`] || document.label_en || NOTHING) : String(document))).join('; ')
        : NOTHING;
    default:
      return plainText(value, t, format);
  }
}

/** The price table, one line per case whose price changed (base prices, then each degree level's). */
function priceLines(before: unknown, after: unknown, t: TFunction, format: ChangeFormat): ChangeLine[] {
  const table = t(FIELD_KEYS.price_table!);
  const amount = (value: unknown) => (empty(value) ? NOTHING : format.money(value as string));
  const caseName = (priceCase: string) => t(priceCaseKey(priceCase), { defaultValue: priceCase });
  const prices = (tableValue: unknown, degree?: string): Record<string, unknown> => {
    if (!isRecord(tableValue)) return {};
    if (degree === undefined) return isRecord(tableValue.prices) ? tableValue.prices : {};
    const perDegree = isRecord(tableValue.degree_prices) ? tableValue.degree_prices[degree] : undefined;
    return isRecord(perDegree) ? perDegree : {};
  };
  const lines: ChangeLine[] = [];
  const compare = (degree?: string) => {
    const was = prices(before, degree);
    const is = prices(after, degree);
    for (const priceCase of [...new Set([...Object.keys(was), ...Object.keys(is)])]) {
      if (same(was[priceCase], is[priceCase])) continue;
      const part = degree === undefined ? caseName(priceCase) : t('services:history.casePerDegree', { case: caseName(priceCase), degree: t(`services:degrees.${degree}`, { defaultValue: degree }) });
      lines.push({ field: t('services:history.partOf', { field: table, part }), before: amount(was[priceCase]), after: amount(is[priceCase]) });
    }
  };
  compare();
  const degreesOf = (tableValue: unknown) => (isRecord(tableValue) && isRecord(tableValue.degree_prices) ? Object.keys(tableValue.degree_prices) : []);
  for (const degree of [...new Set([...degreesOf(before), ...degreesOf(after)])]) compare(degree);
  return lines;
}

/** The documents asked for, one line per document type whose requirement changed. */
function requirementLines(before: unknown, after: unknown, t: TFunction, format: ChangeFormat): ChangeLine[] {
  const byType = (value: unknown) =>
    new Map((Array.isArray(value) ? value.filter(isRecord) : []).map((requirement) => [String(requirement.document_type), requirement] as const));
  const was = byType(before);
  const is = byType(after);
  const field = t(FIELD_KEYS.document_requirements!);
  const text = (requirement: Record<string, unknown> | undefined) => {
    if (!requirement) return NOTHING;
    const need = t(requirement.required ? 'services:form.required' : 'services:history.optional');
    const description = String(requirement[`description_${format.language}`] || requirement.description_en || '');
    return description ? `${need} (${description})` : need;
  };
  const lines: ChangeLine[] = [];
  for (const type of [...new Set([...was.keys(), ...is.keys()])]) {
    const previous = was.get(type);
    const next = is.get(type);
    if (same(previous, next)) continue;
    const part = t(`applications:documentType.${type}`, { defaultValue: type });
    const beforeText = text(previous);
    const afterText = text(next);
    // Only another language's description changed: name that one, so the line shows a difference.
    if (previous && next && beforeText === afterText) {
      const language = (['en', 'sq', 'sr'] as const).find((code) => previous[`description_${code}`] !== next[`description_${code}`]);
      if (language) {
        const where = t('services:form.inLanguage', { field: t('services:form.requirementDescription'), language: t(`services:languages.${language}`) });
        lines.push({
          field: t('services:history.partOf', { field, part: `${part}, ${where}` }),
          before: plainText(previous[`description_${language}`], t, format),
          after: plainText(next[`description_${language}`], t, format),
        });
        continue;
      }
    }
    lines.push({ field: t('services:history.partOf', { field, part }), before: beforeText, after: afterText });
  }
  return lines;
}

/** One change of the history as the lines a person reads. */
export function changeLines(change: { field: string; before: unknown; after: unknown }, t: TFunction, format: ChangeFormat): ChangeLine[] {
  if (change.field === 'price_table') return priceLines(change.before, change.after, t, format);
  if (change.field === 'document_requirements') return requirementLines(change.before, change.after, t, format);
  return [{ field: fieldName(change.field, t), before: valueText(change.field, change.before, t, format), after: valueText(change.field, change.after, t, format) }];
}
