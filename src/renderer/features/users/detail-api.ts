import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  USER_PATHS,
  auditEntriesAnswer,
  groupListAnswer,
  queuedAnswer,
  revokedAnswer,
  signInEventsAnswer,
  temporaryPasswordAnswer,
  userCreatedAnswer,
  userDetail,
  userSessionsAnswer,
  type GroupCreate,
  type GroupUpdate,
  type NotifyRequest,
  type PasswordDelivery,
  type UserCreate,
  type UserUpdate,
} from '../../../shared/api/users';
import { apiClient } from '../../lib/app-api-client';
import { queryKeys } from '../../lib/query-keys';

// The calls of one user's screens: details, activity and sessions, create and edit,
// the single-user actions, and the groups with their permissions. Answers the screens do not read
// are not parsed: after a write the user's queries are fetched again.

const validId = (id: number) => Number.isInteger(id) && id > 0;
const ignored = z.unknown();
export const ACTIVITY_PAGE_SIZE = 20;

export function useUser(id: number) {
  return useQuery({ queryKey: queryKeys.user.detail(id), queryFn: () => apiClient.get(USER_PATHS.detail(id), userDetail), retry: false, enabled: validId(id) });
}

export function useSignIns(id: number, page: number) {
  return useQuery({
    queryKey: queryKeys.user.signIns(id, page),
    queryFn: () => apiClient.get(USER_PATHS.signIns(id), signInEventsAnswer, { page, page_size: ACTIVITY_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditEntries(id: number, page: number) {
  return useQuery({
    queryKey: queryKeys.user.audit(id, page),
    queryFn: () => apiClient.get(USER_PATHS.audit(id), auditEntriesAnswer, { page, page_size: ACTIVITY_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

export function useSessions(id: number) {
  return useQuery({ queryKey: queryKeys.user.sessions(id), queryFn: () => apiClient.get(USER_PATHS.sessions(id), userSessionsAnswer) });
}

export function useGroups() {
  return useQuery({ queryKey: queryKeys.userGroups, queryFn: () => apiClient.get(USER_PATHS.groups, groupListAnswer) });
}

/** After a write: this user's details and activity, and every users list, may have changed. */
function useUserChanged() {
  const client = useQueryClient();
  return (id: number) => {
    void client.invalidateQueries({ queryKey: queryKeys.user.detail(id) });
    void client.invalidateQueries({ queryKey: queryKeys.users.all });
    void client.invalidateQueries({ queryKey: queryKeys.userGroups });
  };
}

export function useCreateUser() {
  const changed = useUserChanged();
  return useMutation({ mutationFn: (body: UserCreate) => apiClient.post(USER_PATHS.list, body, userCreatedAnswer), onSuccess: (saved) => changed(saved.user.id) });
}

/** PATCH with every field and the version read: edit, and activate or deactivate. */
export function useUpdateUser(id: number) {
  const changed = useUserChanged();
  return useMutation({ mutationFn: (body: UserUpdate) => apiClient.patch(USER_PATHS.detail(id), body, ignored), onSuccess: () => changed(id) });
}

export function useUpdateRoles(id: number) {
  const changed = useUserChanged();
  return useMutation({
    mutationFn: (body: { groups: string[]; version: number }) => apiClient.put(USER_PATHS.roles(id), body, ignored),
    onSuccess: () => changed(id),
  });
}

export function useResetPassword(id: number) {
  const changed = useUserChanged();
  return useMutation({
    mutationFn: (delivery: PasswordDelivery) => apiClient.post(USER_PATHS.resetPassword(id), { delivery }, temporaryPasswordAnswer),
    onSuccess: () => changed(id),
  });
}

export function useDisableTwoFactor(id: number) {
  const changed = useUserChanged();
  return useMutation({
    mutationFn: (body: { reason: string; identity_checked: true }) => apiClient.post(USER_PATHS.disableTwoFactor(id), body, ignored),
    onSuccess: () => changed(id),
  });
}

export function useNotifyUser(id: number) {
  return useMutation({ mutationFn: (body: NotifyRequest) => apiClient.post(USER_PATHS.notify(id), body, queuedAnswer) });
}

export function useEndSession(id: number) {
  const changed = useUserChanged();
  return useMutation({ mutationFn: (sessionId: string) => apiClient.delete(USER_PATHS.session(id, sessionId)), onSuccess: () => changed(id) });
}

export function useEndAllSessions(id: number) {
  const changed = useUserChanged();
  return useMutation({ mutationFn: () => apiClient.post(USER_PATHS.revokeSessions(id), {}, revokedAnswer), onSuccess: () => changed(id) });
}

function useGroupsChanged() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: queryKeys.userGroups });
    void client.invalidateQueries({ queryKey: queryKeys.user.all });
  };
}

export function useCreateGroup() {
  const changed = useGroupsChanged();
  return useMutation({ mutationFn: (body: GroupCreate) => apiClient.post(USER_PATHS.groups, body, ignored), onSuccess: changed });
}

export function useUpdateGroup() {
  const changed = useGroupsChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: GroupUpdate }) => apiClient.patch(USER_PATHS.group(id), body, ignored),
    onSuccess: changed,
  });
}
