import type { TFunction } from 'i18next';
import {
  LANGUAGES,
  SERVICE_CATEGORY_BY_TYPE,
  SERVICE_DEGREE_OPTIONS,
  type Language,
  type ServiceCategory,
  type ServiceType,
} from '../../../shared/constants';
import type { DocumentType } from '../../../shared/document-types';
import { serviceCreate, type Service, type ServiceCreate } from '../../../shared/api/services';
import { PRICE_CASES, PRICE_TABLE_KIND_BY_SERVICE_TYPE, type PriceCase, type PriceTableKind } from '../../../shared/domain/fees';
import { workflowStagesOf } from '../../../shared/domain/service-stages';
import { refusalMessage } from '../../lib/error-translator';
import type { ZodIssue } from '../../lib/zod-issue-message';

// The create/edit form's state and its two translations: from a saved service, and to the request
// the shared schema (serviceCreate, the server's own) checks through the form layer. Inputs hold text as typed; amounts
// are decimal strings, so no euro ever passes through a float.

export type LocalisedText = Record<Language, string>;

export interface RequirementValues {
  /** Stable React key of the row (rows are added and removed). */
  key: number;
  document_type: DocumentType | '';
  required: boolean;
  description: LocalisedText;
}

export interface SelectableDocumentValues {
  key: number;
  label: LocalisedText;
}

export interface ServiceFormValues {
  service_type: ServiceType;
  category: ServiceCategory;
  name: LocalisedText;
  description: LocalisedText;
  requirements: LocalisedText;
  fee_enabled: boolean;
  base_fee_amount: string;
  fee_exemption_allowed: boolean;
  processing_time_days: string;
  enabled: boolean;
  council_required: boolean;
  /** The appeal notice of the service's decisions: days as typed ('' = none) and the appeal body. */
  appeal_period_days: string;
  appeal_body: LocalisedText;
  degree_options: string[];
  document_requirements: RequirementValues[];
  selectable_documents: SelectableDocumentValues[];
  workflow_stages: string[];
  /** The base price of each case of the type's table ('' = not priced yet). */
  prices: Partial<Record<PriceCase, string>>;
  /** Per offered degree level, the amounts that replace a case's base price ('' = the base price). */
  degree_prices: Record<string, Partial<Record<PriceCase, string>>>;
}

const emptyText = (): LocalisedText => ({ en: '', sq: '', sr: '' });
const textOf = (read: (language: Language) => string): LocalisedText => ({ en: read('en'), sq: read('sq'), sr: read('sr') });

let nextKey = 1;
/** A key for a new row of a list the form edits. */
export const rowKey = () => nextKey++;

export function priceTableKindOf(serviceType: ServiceType): PriceTableKind {
  return PRICE_TABLE_KIND_BY_SERVICE_TYPE[serviceType];
}

export function priceCasesOf(serviceType: ServiceType): readonly PriceCase[] {
  return PRICE_CASES[priceTableKindOf(serviceType)];
}

export function emptyServiceForm(serviceType: ServiceType = 1): ServiceFormValues {
  return {
    service_type: serviceType,
    category: SERVICE_CATEGORY_BY_TYPE[serviceType],
    name: emptyText(),
    description: emptyText(),
    requirements: emptyText(),
    fee_enabled: true,
    base_fee_amount: '',
    fee_exemption_allowed: false,
    processing_time_days: '30',
    enabled: true,
    council_required: false,
    appeal_period_days: '',
    appeal_body: emptyText(),
    degree_options: [],
    document_requirements: [],
    selectable_documents: [],
    workflow_stages: workflowStagesOf(serviceType),
    prices: {},
    degree_prices: {},
  };
}

export function serviceFormOf(service: Service): ServiceFormValues {
  const type = service.service_type as ServiceType;
  const amounts = (prices: Partial<Record<string, string | null>>) =>
    Object.fromEntries(Object.entries(prices).flatMap(([priceCase, amount]) => (amount ? [[priceCase, amount]] : []))) as Partial<Record<PriceCase, string>>;
  return {
    service_type: type,
    category: service.category,
    name: textOf((language) => service[`name_${language}`]),
    description: textOf((language) => service[`description_${language}`]),
    requirements: textOf((language) => service[`requirements_${language}`]),
    fee_enabled: service.fee_enabled,
    base_fee_amount: service.base_fee_amount ?? '',
    fee_exemption_allowed: service.fee_exemption_allowed,
    processing_time_days: String(service.processing_time_days),
    enabled: service.enabled,
    council_required: service.council_required,
    appeal_period_days: service.appeal_period_days === null ? '' : String(service.appeal_period_days),
    appeal_body: textOf((language) => service[`appeal_body_${language}`]),
    degree_options: [...service.degree_options],
    document_requirements: service.document_requirements.map((requirement) => ({
      key: rowKey(),
      document_type: requirement.document_type,
      required: requirement.required,
      description: textOf((language) => requirement[`description_${language}`]),
    })),
    selectable_documents: service.selectable_documents.map((document) => ({ key: rowKey(), label: textOf((language) => document[`label_${language}`]) })),
    workflow_stages: [...service.workflow_stages],
    prices: amounts(service.price_table.prices),
    degree_prices: Object.fromEntries(Object.entries(service.price_table.degree_prices).map(([degree, prices]) => [degree, amounts(prices)])),
  };
}

/**
 * The form for another service type (create only): the category, degree levels, stages and price
 * cases follow the type; what still fits (names, texts, amounts of cases both tables have) stays.
 */
export function withServiceType(values: ServiceFormValues, serviceType: ServiceType): ServiceFormValues {
  const offered = SERVICE_DEGREE_OPTIONS[serviceType];
  const cases = priceCasesOf(serviceType);
  const keep = (prices: Partial<Record<PriceCase, string>>) =>
    Object.fromEntries(Object.entries(prices).filter(([priceCase]) => (cases as readonly string[]).includes(priceCase))) as Partial<Record<PriceCase, string>>;
  return {
    ...values,
    service_type: serviceType,
    category: SERVICE_CATEGORY_BY_TYPE[serviceType],
    degree_options: values.degree_options.filter((option) => offered.includes(option)),
    workflow_stages: workflowStagesOf(serviceType),
    prices: keep(values.prices),
    degree_prices: Object.fromEntries(Object.entries(values.degree_prices).filter(([degree]) => offered.includes(degree)).map(([degree, prices]) => [degree, keep(prices)])),
  };
}

/** "12,50" as typed in Albanian or Serbian is the amount 12.50. */
export const amountText = (typed: string) => typed.trim().replace(',', '.');

function processingDays(typed: string): number {
  return /^\d{1,9}$/.test(typed.trim()) ? Number(typed.trim()) : Number.NaN;
}

/** The request the form stands for (every field of serviceCreate; the edit adds the version). */
export function serviceRequestOf(values: ServiceFormValues): ServiceCreate {
  const cases = priceCasesOf(values.service_type);
  const basePrices = Object.fromEntries(cases.map((priceCase) => [priceCase, values.prices[priceCase] ? amountText(values.prices[priceCase]) : null]));
  const degreePrices = Object.fromEntries(
    values.degree_options.flatMap((degree) => {
      const set = cases.flatMap((priceCase) => {
        const typed = values.degree_prices[degree]?.[priceCase] ?? '';
        return typed.trim() === '' ? [] : [[priceCase, amountText(typed)]];
      });
      return set.length > 0 ? [[degree, Object.fromEntries(set)]] : [];
    }),
  );
  const localised = <Name extends string>(name: Name, text: LocalisedText) =>
    Object.fromEntries(LANGUAGES.map((language) => [`${name}_${language}`, text[language]])) as Record<`${Name}_${Language}`, string>;
  return {
    service_type: values.service_type,
    category: values.category,
    ...localised('name', values.name),
    ...localised('description', values.description),
    ...localised('requirements', values.requirements),
    fee_enabled: values.fee_enabled,
    base_fee_amount: values.base_fee_amount.trim() === '' ? null : amountText(values.base_fee_amount),
    fee_exemption_allowed: values.fee_exemption_allowed,
    processing_time_days: processingDays(values.processing_time_days),
    enabled: values.enabled,
    council_required: values.council_required,
    appeal_period_days: values.appeal_period_days.trim() === '' ? null : processingDays(values.appeal_period_days),
    ...localised('appeal_body', values.appeal_body),
    degree_options: values.degree_options,
    document_requirements: values.document_requirements.map((requirement) => ({
      document_type: requirement.document_type as DocumentType,
      required: requirement.required,
      ...localised('description', requirement.description),
    })),
    selectable_documents: values.selectable_documents.map((document) => localised('label', document.label)),
    workflow_stages: values.workflow_stages,
    price_table: { kind: priceTableKindOf(values.service_type), prices: basePrices, degree_prices: degreePrices },
  };
}

/** The form field a request path is shown on (`name_sq` → `name.sq`, `price_table.prices.both` → `prices.both`); null: with the form. */
export function serviceFieldOf(path: string): string | null {
  const parts = path.split('.');
  const [head, ...rest] = parts;
  const localisedField = /^(name|description|requirements|label|appeal_body)_(en|sq|sr)$/;
  const localised = (part: string) => part.replace(localisedField, '$1.$2');
  if (head === undefined || head === '') return null;
  if (head === 'price_table') {
    const [table, ...place] = rest;
    return table === 'prices' || table === 'degree_prices' ? [table, ...place].join('.') : null;
  }
  // A list of choices is one field; its message says which entry.
  if (head === 'degree_options' || head === 'workflow_stages') return head;
  if (head === 'document_requirements' || head === 'selectable_documents') return [head, ...rest.map(localised)].join('.');
  return localised(path);
}

/** Words the service form says for its own fields (the processing time is typed as text). */
function describeServiceIssue(issue: ZodIssue, t: TFunction): string | undefined {
  if (issue.path[0] === 'appeal_period_days') {
    if (issue.code === 'too_small') return refusalMessage('service_processing_days_min', {}, t);
    if (issue.code === 'too_big') return t('services:messages.maxAppealDays');
    return t('services:messages.wholeAppealDays');
  }
  if (issue.path[0] !== 'processing_time_days') return undefined;
  if (issue.code === 'too_small') return refusalMessage('service_processing_days_min', {}, t);
  if (issue.code === 'too_big') return refusalMessage('service_processing_days_max', {}, t);
  return t('services:messages.wholeDays');
}

/** The service form for the form layer (lib/form.ts): checked by the server's own schema. */
export const serviceForm = { schema: serviceCreate, toRequest: serviceRequestOf, fieldOf: serviceFieldOf, describe: describeServiceIssue };
