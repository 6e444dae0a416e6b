import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AUTH_PATHS,
  backupCodesAnswer,
  meAnswer,
  twoFactorConfirmAnswer,
  twoFactorSetupAnswer,
  twoFactorStatusAnswer,
  type ChangePasswordRequest,
  type TwoFactorMethod,
  type User,
} from '../../../shared/api/auth';
import { apiClient } from '../../lib/app-api-client';
import { getBridge } from '../../platform/bridge';
import { queryKeys } from '../../lib/query-keys';

const meEither = z.union([meAnswer, z.object({ user: meAnswer }).transform((answer) => answer.user)]);

/** GET /auth/me/: the user object itself, or `{user}` (spec §7). */
export const fetchCurrentUser = (): Promise<User> => apiClient.get(AUTH_PATHS.me, meEither);

export const fetchTwoFactorStatus = () => apiClient.get(AUTH_PATHS.twoFactorStatus, twoFactorStatusAnswer);

export const startTwoFactorSetup = (method: TwoFactorMethod) =>
  apiClient.post(AUTH_PATHS.twoFactorSetup, { method }, twoFactorSetupAnswer);

export const confirmTwoFactorSetup = (code: string) => apiClient.post(AUTH_PATHS.twoFactorConfirm, { code }, twoFactorConfirmAnswer);

export async function disableTwoFactor(password: string): Promise<void> {
  await apiClient.post(AUTH_PATHS.twoFactorDisable, { password }, z.unknown());
}

export async function regenerateBackupCodes(password: string): Promise<string[]> {
  const answer = await apiClient.post(AUTH_PATHS.backupCodes, { password }, backupCodesAnswer);
  return answer.backup_codes;
}

/**
 * POST /auth/password/change/ through the bridge: the server ends every session of the user and
 * answers a new token pair. The bridge keeps the refresh token (main, or the web shell's memory);
 * the page gets the new access token and carries on.
 */
export const changePassword = (change: ChangePasswordRequest): Promise<{ access: string }> => getBridge().auth.changePassword(change);


export function useTwoFactorStatus() {
  return useQuery({ queryKey: queryKeys.twoFactorStatus, queryFn: fetchTwoFactorStatus });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.twoFactorStatus }),
  });
}

export function useRegenerateBackupCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateBackupCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.twoFactorStatus }),
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

/** After enrolment the status changed on the server; the user object is reloaded separately. */
export function useRefreshTwoFactorStatus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.twoFactorStatus });
}
