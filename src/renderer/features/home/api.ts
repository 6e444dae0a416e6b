import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_PATHS, dashboardAnswer, deskAnswer } from '../../../shared/api/dashboard';
import type { PermissionName } from '../../../shared/auth/permissions';
import { healthAnswer, SYSTEM_PATHS, type HealthAnswer } from '../../../shared/api/system';
import { apiClient } from '../../lib/app-api-client';
import { asTransportError } from '../../lib/transport-error';
import { queryKeys } from '../../lib/query-keys';

/**
 * GET /api/health/. A 503 still carries the report (the API answered; the database or storage
 * did not), so it is read rather than thrown.
 */
export async function fetchSystemHealth(): Promise<HealthAnswer> {
  try {
    return await apiClient.get(SYSTEM_PATHS.health, healthAnswer);
  } catch (failure) {
    const report = healthAnswer.safeParse(asTransportError(failure).body);
    if (report.success) return report.data;
    throw failure;
  }
}

export function useSystemHealth() {
  return useQuery({ queryKey: queryKeys.systemHealth, queryFn: fetchSystemHealth, refetchInterval: 60_000 });
}

/**
 * Who sees the caseload cards: those who work the applications' statuses (officers, admins).
 * GET /api/dashboard/ answers anyone who may view applications; the others' desk is their tiles.
 */
export const CASELOAD_PERMISSION: PermissionName = 'applications.change_status';

/** The caller's tiles (GET /api/dashboard/desk/, open to every signed-in user). */
export function useDesk() {
  return useQuery({ queryKey: queryKeys.desk, queryFn: () => apiClient.get(DASHBOARD_PATHS.desk, deskAnswer) });
}

/** The dashboard's figures; DashboardCards asks only for a user holding CASELOAD_PERMISSION. */
export function useDashboard() {
  return useQuery({ queryKey: queryKeys.dashboard, queryFn: () => apiClient.get(DASHBOARD_PATHS.home, dashboardAnswer) });
}
