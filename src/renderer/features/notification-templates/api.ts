import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_PATHS, templateHistory, templateListAnswer, type TemplateSaveRequest } from '../../../shared/api/notifications';
import type { NotificationEvent, TemplateLanguage } from '../../../shared/domain/notification-events';
import { ERROR_CODES } from '../../../shared/errors';
import { failure } from '../../../shared/transport-failure';
import { apiClient } from '../../lib/app-api-client';
import { queryKeys } from '../../lib/query-keys';

// The notification templates' calls: every event with its active texts, one event and
// language with every version, and saving a new version.

export function useTemplateList() {
  return useQuery({ queryKey: queryKeys.notificationTemplates.list, queryFn: () => apiClient.get(NOTIFICATION_PATHS.templates, templateListAnswer) });
}

export function useTemplateHistory(event: NotificationEvent, language: TemplateLanguage) {
  return useQuery({
    queryKey: queryKeys.notificationTemplates.history(event, language),
    queryFn: () => apiClient.get(NOTIFICATION_PATHS.template(event, language), templateHistory),
  });
}

export interface TemplateSave {
  event: NotificationEvent;
  language: TemplateLanguage;
  body: TemplateSaveRequest;
  /** The reader's language: the server words its refusals in it. */
  readerLanguage: string;
}

export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ event, language, body, readerLanguage }: TemplateSave) => {
      const response = await apiClient.send('put', NOTIFICATION_PATHS.template(event, language), { json: body, headers: { 'Accept-Language': readerLanguage } });
      const parsed = templateHistory.safeParse(await response.json().catch(() => null));
      // The server broke the contract: the person reads 'Internal server error', not a half-read answer.
      if (!parsed.success) throw failure(ERROR_CODES.serverError, { status: response.status });
      return parsed.data;
    },
    // The answer is the history with the new version first: the editor's cache takes it as it is.
    onSuccess: (saved, { event, language }) => {
      client.setQueryData(queryKeys.notificationTemplates.history(event, language), saved);
      void client.invalidateQueries({ queryKey: queryKeys.notificationTemplates.list });
    },
  });
}
