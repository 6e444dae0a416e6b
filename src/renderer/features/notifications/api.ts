import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { APPLICATION_PATHS, applicationListAnswer } from '../../../shared/api/applications';
import {
  NOTIFICATION_PATHS,
  notificationDetail,
  notificationListAnswer,
  staffRecipientAnswer,
  type SendNotificationRequest,
} from '../../../shared/api/notifications';
import { ERROR_CODES } from '../../../shared/errors';
import { failure } from '../../../shared/transport-failure';
import { apiClient } from '../../lib/app-api-client';
import type { NotificationListRequest } from './notification-list-query';
import { queryKeys } from '../../lib/query-keys';

// The notifications screen's calls: the outbox as a list, one message, resending a
// failed one, sending a new one, and the two searches of the send dialog (an application by its
// reference, a member of staff by name).

/** What the screen reads of a sent or resent message: its id (the rest is fetched with the list). */
const createdMessage = z.object({ id: z.number().int() });

/** A POST whose refusals the server words in the reader's language. */
async function postInLanguage(path: string, body: unknown, language: string) {
  const response = await apiClient.send('post', path, { json: body, headers: { 'Accept-Language': language } });
  const parsed = createdMessage.safeParse(await response.json().catch(() => null));
  // The server broke the contract: the person reads 'Internal server error', not a half-read answer.
  if (!parsed.success) throw failure(ERROR_CODES.serverError, { status: response.status });
  return parsed.data;
}

export function useNotificationList(query: NotificationListRequest) {
  return useQuery({
    queryKey: queryKeys.notifications.list(query),
    queryFn: () => apiClient.get(NOTIFICATION_PATHS.list, notificationListAnswer, query),
    placeholderData: keepPreviousData,
  });
}

export function useNotificationDetail(id: number | null) {
  return useQuery({
    queryKey: queryKeys.notifications.detail(id),
    queryFn: () => apiClient.get(NOTIFICATION_PATHS.detail(id!), notificationDetail),
    enabled: id !== null,
  });
}

/** Resends a failed message; the list and the original's detail change (its `resent_as_ids`). */
export function useResendNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, language }: { id: number; language: string }) => postInLanguage(NOTIFICATION_PATHS.resend(id), {}, language),
    onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}

export function useSendNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ request, language }: { request: SendNotificationRequest; language: string }) => postInLanguage(NOTIFICATION_PATHS.list, request, language),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}

/** The send dialog's application search: the reference (or applicant) typed, the first matches. */
const applicationMatches = applicationListAnswer.transform((page) => page.results);
export function useApplicationSearch(search: string) {
  return useQuery({
    queryKey: queryKeys.notifications.applicationSearch(search),
    queryFn: () => apiClient.get(APPLICATION_PATHS.list, applicationMatches, { search, page_size: 10, archived: 'all' }),
    enabled: search.length >= 2,
    placeholderData: keepPreviousData,
  });
}

export function useStaffSearch(search: string) {
  return useQuery({
    queryKey: queryKeys.notifications.staffSearch(search),
    queryFn: () => apiClient.get(NOTIFICATION_PATHS.staffRecipients, staffRecipientAnswer, search ? { search } : undefined),
    placeholderData: keepPreviousData,
  });
}

export type ApplicationMatch = z.output<typeof applicationMatches>[number];
