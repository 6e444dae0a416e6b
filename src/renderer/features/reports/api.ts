import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  REPORT_PATHS,
  reportAnswer,
  reportCatalogueAnswer,
  reportExport,
  reportExportListAnswer,
  type ReportExportListAnswer,
  type ReportExportRequest,
  type ReportKey,
} from '../../../shared/api/reports';
import type { z } from 'zod';
import { apiClient } from '../../lib/app-api-client';
import type { ReportQuery } from './report-query';
import { queryKeys } from '../../lib/query-keys';

// The reports calls. The server writes titles and column labels in the reader's
// language, so every read names it (and the query key holds it: switching language asks again).

/** A read in the reader's language (the server writes titles and labels in it). */
async function getIn<T extends z.ZodType>(path: string, answer: T, language: string, query?: ReportQuery): Promise<z.output<T>> {
  const response = await apiClient.send('get', path, { searchParams: query ? { ...query } : undefined, headers: { 'Accept-Language': language } });
  return answer.parse(await response.json());
}

/** How often the downloads list is asked again while an export is queued or running. */
export const EXPORT_POLL_MS = 1000;

export function useReportCatalogue(language: string) {
  return useQuery({
    queryKey: queryKeys.reports.catalogue(language),
    queryFn: () => getIn(REPORT_PATHS.catalogue, reportCatalogueAnswer, language),
  });
}

export function useReport(key: ReportKey, query: ReportQuery, language: string) {
  return useQuery({
    queryKey: queryKeys.reports.report(key, query, language),
    queryFn: () => getIn(REPORT_PATHS.report(key), reportAnswer, language, query),
    placeholderData: keepPreviousData,
  });
}

const isPending = (answer: ReportExportListAnswer | undefined) => answer?.results.some((item) => item.status === 'queued' || item.status === 'running') ?? false;

/** The caller's exports; asked again every second while one of them is still being written. */
export function useReportExports(language: string) {
  return useQuery({
    queryKey: queryKeys.reports.exports(language),
    queryFn: () => getIn(REPORT_PATHS.exports, reportExportListAnswer, language),
    refetchInterval: (query) => (isPending(query.state.data) ? EXPORT_POLL_MS : false),
  });
}

/** Starts an export (202 with the export); the downloads list then shows it. */
export function useStartExport(language: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: ReportExportRequest) => {
      const response = await apiClient.send('post', REPORT_PATHS.exports, { json: request, headers: { 'Accept-Language': language } });
      return reportExport.parse(await response.json());
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.reports.allExports }),
  });
}
