import type { Kysely } from 'kysely';
import applicationsEn from '../../../../locales/en/applications.json';
import applicationsSq from '../../../../locales/sq/applications.json';
import applicationsSr from '../../../../locales/sr/applications.json';
import deadlinesEn from '../../../../locales/en/deadlines.json';
import deadlinesSq from '../../../../locales/sq/deadlines.json';
import deadlinesSr from '../../../../locales/sr/deadlines.json';
import en from '../../../../locales/en/server.json';
import sq from '../../../../locales/sq/server.json';
import sr from '../../../../locales/sr/server.json';
import type { ReportAnswer, ReportCell, ReportColumnKind, ReportKey } from '../../../shared/api/reports';
import type { Language } from '../../../shared/constants';
import type { Database } from '../../db/schema';
import { refusalTranslator } from '../../refusal-texts';
import type { ReportData } from './report-queries';
import type { ResolvedFilter } from './report-filter';

// The reports' words in the reader's language (locales/<lang>/server.json, `reports`): titles,
// column headers and dataset names of the JSON answer, and in the files also the values behind
// codes (statuses and deadline types as the screens name them, services and countries as the
// database names them). Refusals are written in English (REPORT_MESSAGES) and translated on the
// way out.

export type ReportTexts = typeof en.reports;
export const REPORT_TEXTS: Readonly<Record<Language, ReportTexts>> = { en: en.reports, sq: sq.reports, sr: sr.reports };
export const translateReportRefusal = refusalTranslator({ en: en.reports.messages, sq: sq.reports.messages, sr: sr.reports.messages });

const STATUS_NAMES: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  en: applicationsEn.status,
  sq: applicationsSq.status,
  sr: applicationsSr.status,
};
const DEADLINE_TYPE_NAMES: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  en: deadlinesEn.types,
  sq: deadlinesSq.types,
  sr: deadlinesSr.types,
};

/** Names of the codes in a report's rows, read once per answer or file. */
export interface CodeNames {
  name(kind: ReportColumnKind, code: ReportCell): string;
}

export async function codeNames(db: Kysely<Database>, language: Language): Promise<CodeNames> {
  const nameColumn = `name_${language}` as const;
  const [services, countries, councils] = await Promise.all([
    db.selectFrom('services').select(['service_type', nameColumn]).orderBy('id').execute(),
    db.selectFrom('countries').select(['code', nameColumn]).execute(),
    db.selectFrom('councils').select(['id', nameColumn]).execute(),
  ]);
  const councilNames = new Map(councils.map((council) => [String(council.id), council[nameColumn]]));
  const serviceNames = new Map<string, string>();
  for (const service of services) if (!serviceNames.has(String(service.service_type))) serviceNames.set(String(service.service_type), service[nameColumn]);
  const countryNames = new Map(countries.map((country) => [country.code, country[nameColumn]]));
  const texts = REPORT_TEXTS[language];
  return {
    name(kind, code) {
      if (code === null || code === '') return texts.notGiven;
      const text = String(code);
      switch (kind) {
        case 'service':
          return serviceNames.get(text) ?? text;
        case 'country':
          return countryNames.get(text) ?? text;
        case 'status':
          return STATUS_NAMES[language][text] ?? text;
        case 'deadline_type':
          return DEADLINE_TYPE_NAMES[language][text] ?? text;
        case 'outcome':
          return (texts.outcomes as Record<string, string>)[text] ?? text;
        case 'document_kind':
          return (texts.documentKinds as Record<string, string>)[text] ?? text;
        case 'council':
          return councilNames.get(text) ?? text;
        case 'decider':
          return text.startsWith('council:') ? (councilNames.get(text.slice('council:'.length)) ?? text) : text.replace(/^officer:/, '');
        default:
          return text;
      }
    },
  };
}

export function columnLabel(texts: ReportTexts, key: string, filter: Pick<ResolvedFilter, 'group_by'>): string {
  const columns = texts.columns as Record<string, string>;
  if (key === 'group') return columns[`group_${filter.group_by ?? 'service'}`] ?? key;
  return columns[key] ?? key;
}

/** The JSON answer: the data with its title, headers and dataset names in the reader's language. */
export function reportAnswer(report: ReportKey, filter: ResolvedFilter, data: ReportData, language: Language, names: CodeNames): ReportAnswer {
  const texts = REPORT_TEXTS[language];
  const datasets = texts.datasets as Record<string, string>;
  return {
    report,
    title: texts.titles[report],
    filter,
    series: {
      axis: data.axis,
      labels: data.labels,
      datasets: data.datasets.map((dataset) => ({
        key: dataset.key,
        label: dataset.kind === 'measure' ? (datasets[dataset.key] ?? dataset.key) : names.name(dataset.kind, dataset.key),
        data: dataset.data,
      })),
    },
    columns: data.columns.map((column) => ({ ...column, label: columnLabel(texts, column.key, filter) })),
    rows: data.rows,
    totals: data.totals,
  };
}
