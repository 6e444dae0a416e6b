import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inboxAnswer, NOTIFICATION_PATHS } from '../../../shared/api/notifications';
import { apiClient } from '../../lib/app-api-client';
import { queryKeys } from '../../lib/query-keys';

// The bell's calls: my in-app messages with the unread count, marking one or all read.

/** Every minute while the window is shown (react-query skips the interval while it is hidden). */
export const INBOX_POLL_MS = 60_000;
/** The latest messages the bell lists; older ones are not the bell's business. */
export const INBOX_PAGE_SIZE = 10;


export function useInbox() {
  return useQuery({
    queryKey: queryKeys.inbox,
    queryFn: () => apiClient.get(NOTIFICATION_PATHS.inbox, inboxAnswer, { page_size: INBOX_PAGE_SIZE }),
    refetchInterval: INBOX_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      // The answer's body is not read: the inbox is fetched again either way.
      await apiClient.send('post', NOTIFICATION_PATHS.markRead(id), { json: {} });
    },
    onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.inbox }),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiClient.send('post', NOTIFICATION_PATHS.markAllRead, { json: {} });
    },
    onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.inbox }),
  });
}
