import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { PAYMENT_PATHS, statementDetail, statementLineListAnswer, statementListAnswer, type StatementDetail, type StatementLineState } from '../../../shared/api/payments';
import { ERROR_CODES } from '../../../shared/errors';
import { failure } from '../../../shared/transport-failure';
import { apiClient } from '../../lib/app-api-client';
import { invalidate, queryKeys, STALE_AFTER } from '../../lib/query-keys';

// The bank statement import's calls: the recent statements, one statement with its
// lines, the upload (multipart `file`) and the import. Every call names the reader's language:
// the server writes its refusals and the lines' problems in it. Keys start with 'payments', so
// what invalidates the payments list refreshes these too.

export const STATEMENTS_PAGE_SIZE = 10;

async function answerOf<T extends z.ZodType>(response: Response, answer: T): Promise<z.output<T>> {
  const parsed = answer.safeParse(await response.json().catch(() => null));
  // The server broke the contract: the person reads 'Internal server error', not a half-read answer.
  if (!parsed.success) throw failure(ERROR_CODES.serverError, { status: response.status });
  return parsed.data;
}

const inLanguage = (language: string) => ({ 'Accept-Language': language });

export function useStatementList(page: number, language: string) {
  return useQuery({
    queryKey: queryKeys.payments.statementList(page, language),
    queryFn: async () =>
      answerOf(await apiClient.send('get', PAYMENT_PATHS.statements, { searchParams: { page, page_size: STATEMENTS_PAGE_SIZE }, headers: inLanguage(language) }), statementListAnswer),
    placeholderData: keepPreviousData,
  });
}

/** The lines imports left for a person, by where they stand (the payments desk's tile opens the unmatched ones). */
export function useStatementLineList(query: { page: number; page_size: number; state?: StatementLineState }, language: string) {
  return useQuery({
    queryKey: queryKeys.payments.statementLines(query, language),
    queryFn: () => apiClient.get(PAYMENT_PATHS.statementLines, statementLineListAnswer, query, language),
    placeholderData: keepPreviousData,
  });
}

export function useStatement(id: number | null, language: string) {
  return useQuery({
    queryKey: queryKeys.payments.statement(id, language),
    queryFn: async () => answerOf(await apiClient.send('get', PAYMENT_PATHS.statement(id!), { headers: inLanguage(language) }), statementDetail),
    enabled: id !== null,
  });
}

export async function uploadStatement(file: File, language: string): Promise<StatementDetail> {
  const form = new FormData();
  form.append('file', file, file.name);
  return answerOf(await apiClient.send('post', PAYMENT_PATHS.statements, { body: form, headers: inLanguage(language) }), statementDetail);
}

/** Uploads a statement: its preview is the answer, and it joins the recent statements. */
export function useUploadStatement(language: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadStatement(file, language),
    onSuccess: (detail) => {
      client.setQueryData(queryKeys.payments.statement(detail.id, language), detail);
      void client.invalidateQueries({ queryKey: queryKeys.payments.statementLists });
    },
  });
}

/** Imports a previewed statement; payments and applications changed, so every payments query is read again. */
export function useImportStatement(language: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, version }: { id: number; version: number }) =>
      answerOf(await apiClient.send('post', PAYMENT_PATHS.importStatement(id), { json: { version }, headers: inLanguage(language) }), statementDetail),
    onSuccess: (detail) => {
      client.setQueryData(queryKeys.payments.statement(detail.id, language), detail);
    },
    onSettled: () => {
      invalidate(client, STALE_AFTER.paymentChange);
    },
  });
}

export type LineResolution = { line: number } & ({ how: 'match'; payment_id: number } | { how: 'set_aside'; reason: string });

/** Resolves a line the import left: matched to a payment (recorded) or set aside with the reason; the answer is the statement. */
export function useResolveStatementLine(statementId: number, language: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (resolution: LineResolution) =>
      answerOf(
        await apiClient.send(
          'post',
          resolution.how === 'match' ? PAYMENT_PATHS.matchStatementLine(statementId, resolution.line) : PAYMENT_PATHS.setAsideStatementLine(statementId, resolution.line),
          { json: resolution.how === 'match' ? { payment_id: resolution.payment_id } : { reason: resolution.reason }, headers: inLanguage(language) },
        ),
        statementDetail,
      ),
    onSuccess: (detail) => {
      client.setQueryData(queryKeys.payments.statement(detail.id, language), detail);
    },
    onSettled: () => {
      invalidate(client, STALE_AFTER.paymentChange);
    },
  });
}
