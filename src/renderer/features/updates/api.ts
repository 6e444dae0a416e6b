import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateChannel, UpdateState } from '../../../shared/ipc/update-contract';
import { getBridge } from '../../platform/bridge';
import { queryKeys } from '../../lib/query-keys';

// The updater's calls. Main owns the state and pushes every change as an
// `updates:state` event; the page keeps the latest one in the query cache, so the banner and the
// about box read the same state and neither polls.


/** The app's shell and version (the same query the layout makes). */
export function useAppInfo() {
  return useQuery({ queryKey: queryKeys.appInfo, queryFn: () => getBridge().app.info(), staleTime: Infinity });
}

/** The updater's state: asked once, then kept current by main's `updates:state` events. */
export function useUpdateState() {
  const client = useQueryClient();
  useEffect(() => getBridge().on('updates:state', (state) => client.setQueryData<UpdateState>(queryKeys.updateState, state)), [client]);
  return useQuery({ queryKey: queryKeys.updateState, queryFn: () => getBridge().updates.state(), staleTime: Infinity });
}

/** "Check for updates": answers the state after the check (a found update then downloads in the background). */
export function useCheckForUpdates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => getBridge().updates.check(),
    onSuccess: (state) => client.setQueryData<UpdateState>(queryKeys.updateState, state),
  });
}

/** An administrator's choice of channel; main refuses it for anyone else. */
export function useSetUpdateChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (channel: UpdateChannel) => getBridge().updates.setChannel(channel),
    onSuccess: (state) => client.setQueryData<UpdateState>(queryKeys.updateState, state),
  });
}

/** "Restart to update": resolves once main has asked the page and either quits or says why not. */
export function useRestartToUpdate() {
  return useMutation({ mutationFn: () => getBridge().updates.restart() });
}
