import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  bulkAnswer,
  bulkPreviewAnswer,
  USER_PATHS,
  userListAnswer,
  type BulkRequest,
  type ExportRequest,
  type UserSelection,
} from '../../../shared/api/users';
import { ERROR_CODES } from '../../../shared/errors';
import { failure } from '../../../shared/transport-failure';
import { apiClient } from '../../lib/app-api-client';
import { fileNameOf, type SavedFile } from '../../lib/save-file';
import type { UserListRequest } from './user-list-query';
import { queryKeys } from '../../lib/query-keys';

// The users list's calls: the page of users, the bulk preview and run, and the export
// (the groups come from detail-api.ts, shared with the groups screen so one cache serves both).
// Bulk calls and the export name the reader's language: the server writes its refusals and the
// export's header row in it.

export function useUserList(query: UserListRequest) {
  return useQuery({
    queryKey: queryKeys.users.list(query),
    queryFn: () => apiClient.get(USER_PATHS.list, userListAnswer, query),
    placeholderData: keepPreviousData,
  });
}

async function postInLanguage<T extends z.ZodType>(path: string, body: unknown, answer: T, language: string): Promise<z.output<T>> {
  const response = await apiClient.send('post', path, { json: body, headers: { 'Accept-Language': language } });
  const parsed = answer.safeParse(await response.json().catch(() => null));
  // The server broke the contract: the person reads 'Internal server error', not a half-read answer.
  if (!parsed.success) throw failure(ERROR_CODES.serverError, { status: response.status });
  return parsed.data;
}

export function previewSelection(selection: UserSelection, language: string) {
  return postInLanguage(USER_PATHS.bulkPreview, { selection }, bulkPreviewAnswer, language);
}

/** Runs a bulk action; every list, user and group count may have changed after it, whatever it answered. */
export function useRunBulkAction(language: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: BulkRequest) => postInLanguage(USER_PATHS.bulk, request, bulkAnswer, language),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: queryKeys.users.all });
      void client.invalidateQueries({ queryKey: queryKeys.user.all });
      void client.invalidateQueries({ queryKey: queryKeys.userGroups });
    },
  });
}

/** The selection as a file (CSV or XLSX), read whole as a Blob through the app's API client. */
export async function exportUsers(request: ExportRequest, language: string): Promise<SavedFile> {
  const response = await apiClient.send('post', USER_PATHS.export, { json: request, headers: { 'Accept-Language': language } });
  const blob = await response.blob();
  return { blob, fileName: fileNameOf(response.headers.get('Content-Disposition'), `users.${request.format}`) };
}
