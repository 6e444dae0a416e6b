import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COUNCIL_PATHS,
  councilDetail,
  councilListAnswer,
  councilListItem,
  councilMeeting,
  councilMemberOptionsAnswer,
  type CouncilCreate,
  type CouncilMeeting,
  type CouncilUpdate,
  type MeetingCreate,
  type MeetingUpdate,
} from '../../../shared/api/councils';
import type { ListQuery } from '../../lib/api-client';
import { apiClient } from '../../lib/app-api-client';
import { queryKeys } from '../../lib/query-keys';
import { useFormat } from '../../lib/format';

// The councils screens' calls: list, details, create and edit, the member options, and
// a council's meetings (schedule, change, the minutes come through the transfer bridge).

export function useCouncilList(query: ListQuery) {
  const { language } = useFormat();
  return useQuery({
    // Ordered by the names the reader reads: the language is part of what is asked.
    queryKey: queryKeys.councils.list({ ...query, language }),
    queryFn: () => apiClient.get(COUNCIL_PATHS.list, councilListAnswer, query, language),
    placeholderData: keepPreviousData,
  });
}

const validId = (id: number) => Number.isInteger(id) && id > 0;

export function useCouncil(id: number) {
  return useQuery({ queryKey: queryKeys.council(id), queryFn: () => apiClient.get(COUNCIL_PATHS.detail(id), councilDetail), retry: false, enabled: validId(id) });
}

export function useMemberOptions() {
  return useQuery({ queryKey: queryKeys.councils.memberOptions, queryFn: () => apiClient.get(COUNCIL_PATHS.memberOptions, councilMemberOptionsAnswer) });
}

/** After a write: the council's details and every list may have changed. */
function useCouncilChanged() {
  const client = useQueryClient();
  return (councilId: number) => {
    void client.invalidateQueries({ queryKey: queryKeys.councils.all });
    void client.invalidateQueries({ queryKey: queryKeys.council(councilId) });
  };
}

export function useCreateCouncil() {
  const changed = useCouncilChanged();
  return useMutation({ mutationFn: (body: CouncilCreate) => apiClient.post(COUNCIL_PATHS.list, body, councilListItem), onSuccess: (saved) => changed(saved.id) });
}

export function useUpdateCouncil(id: number) {
  const changed = useCouncilChanged();
  return useMutation({ mutationFn: (body: CouncilUpdate) => apiClient.patch(COUNCIL_PATHS.detail(id), body, councilListItem), onSuccess: () => changed(id) });
}

export function useMeeting(id: number | null) {
  return useQuery({
    queryKey: queryKeys.councilMeeting(id),
    queryFn: () => apiClient.get(COUNCIL_PATHS.meeting(id ?? 0), councilMeeting),
    retry: false,
    enabled: id !== null && validId(id),
  });
}

/** A meeting the server answered (a change or an upload): it is the meeting now, and its council changed. */
export function useMeetingSaved() {
  const client = useQueryClient();
  const changed = useCouncilChanged();
  return (meeting: CouncilMeeting) => {
    client.setQueryData(queryKeys.councilMeeting(meeting.id), meeting);
    changed(meeting.council_id);
  };
}

export function useCreateMeeting(councilId: number) {
  const saved = useMeetingSaved();
  return useMutation({ mutationFn: (body: MeetingCreate) => apiClient.post(COUNCIL_PATHS.meetings(councilId), body, councilMeeting), onSuccess: saved });
}

export function useUpdateMeeting(meetingId: number) {
  const saved = useMeetingSaved();
  return useMutation({ mutationFn: (body: MeetingUpdate) => apiClient.patch(COUNCIL_PATHS.meeting(meetingId), body, councilMeeting), onSuccess: saved });
}
