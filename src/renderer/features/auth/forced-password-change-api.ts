import { z } from 'zod';
import { AUTH_PATHS, meAnswer, type ChangePasswordRequest, type User } from '../../../shared/api/auth';
import { apiClient } from '../../lib/app-api-client';
import { getBridge } from '../../platform/bridge';

// The forced change of a temporary password: the ordinary password change through the
// bridge (it keeps the new refresh token), then the user object again, now without the flag.

export const changeTemporaryPassword = (change: ChangePasswordRequest): Promise<{ access: string }> => getBridge().auth.changePassword(change);

const meEither = z.union([meAnswer, z.object({ user: meAnswer }).transform((answer) => answer.user)]);

/** GET /auth/me/: the user object itself, or `{user}` (spec §7). */
export const fetchSignedInUser = (): Promise<User> => apiClient.get(AUTH_PATHS.me, meEither);
