import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { NOTIFICATION_PATHS, templateHistory, templateListAnswer, type TemplateSaveRequest } from '../../../shared/api/notifications';
import type { NotificationEvent, TemplateLanguage } from '../../../shared/domain/notification-events';
import { ERROR_CODES } from '../../../shared/errors';
import { failure } from '../../../shared/transport-failure';
import { apiClient } from '../../lib/app-api-client';

// The notification templates' calls (issue 16): every event with its active texts, one event and
// language with every version, and saving a new version.

export function useTemplateList() {
  return useQuery({ queryKey: ['notification-templates', 'list'], queryFn: () => apiClient.get(NOTIFICATION_PATHS.templates, templateListAnswer) });
}

export function useTemplateHistory(event: NotificationEvent, language: TemplateLanguage) {
  return useQuery({
    queryKey: ['notification-templates', 'history', event, language],
    queryFn: () => apiClient.get(NOTIFICATION_PATHS.template(event, language), templateHistory),
  });
}

/** What the editor reads of a saved version: its number (the rest is fetched again with the history). */
const savedVersion = z.object({ version: z.number().int() });

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
      const parsed = savedVersion.safeParse(await response.json().catch(() => null));
      // The server broke the contract: the person reads 'Internal server error', not a half-read answer.
      if (!parsed.success) throw failure(ERROR_CODES.serverError, { status: response.status });
      return parsed.data;
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: ['notification-templates'] }),
  });
}
