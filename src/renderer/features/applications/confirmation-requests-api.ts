import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CONFIRMATION_PATHS,
  confirmationRequest,
  confirmationRequestList,
  type ConfirmationCloseInput,
  type ConfirmationReplyInput,
  type ConfirmationRequestInput,
} from '../../../shared/api/confirmation-requests';
import { apiClient } from '../../lib/app-api-client';
import { queryKeys } from '../../lib/query-keys';
import { fileNameOf, saveBlob } from '../../lib/save-file';

// The application's confirmation requests to issuing institutions. Every write changes the
// application's clocks (paused or resumed) and history, so the detail is read again with it.

export function useConfirmationRequests(applicationId: number) {
  return useQuery({
    queryKey: queryKeys.application.confirmationRequests(applicationId),
    queryFn: () => apiClient.get(CONFIRMATION_PATHS.list(applicationId), confirmationRequestList),
    retry: false,
  });
}

function useRequestChange<Request>(applicationId: number, write: (request: Request) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.application.detail(applicationId) });
    },
  });
}

export const useSendConfirmationRequest = (applicationId: number) =>
  useRequestChange(applicationId, (request: ConfirmationRequestInput) => apiClient.post(CONFIRMATION_PATHS.list(applicationId), request, confirmationRequest));
export const useRecordReply = (applicationId: number) =>
  useRequestChange(applicationId, ({ requestId, ...reply }: ConfirmationReplyInput & { requestId: number }) => apiClient.post(CONFIRMATION_PATHS.reply(applicationId, requestId), reply, confirmationRequest));
export const useCloseRequest = (applicationId: number) =>
  useRequestChange(applicationId, ({ requestId, outcome, ...body }: ConfirmationCloseInput & { requestId: number; outcome: 'no_answer' | 'cancelled' }) =>
    apiClient.post(outcome === 'no_answer' ? CONFIRMATION_PATHS.noAnswer(applicationId, requestId) : CONFIRMATION_PATHS.cancel(applicationId, requestId), body, confirmationRequest),
  );

/** Saves the report to the inspectorate (PDF) the server writes in the reader's language. */
export async function saveInspectorateReport(applicationId: number, requestId: number, fallbackName: string): Promise<void> {
  const answer = await apiClient.send('get', CONFIRMATION_PATHS.inspectorateReport(applicationId, requestId));
  saveBlob(await answer.blob(), fileNameOf(answer.headers.get('content-disposition'), fallbackName));
}
