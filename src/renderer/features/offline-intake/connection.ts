import { atom, useAtomValue, useStore } from 'jotai';
import { useEffect } from 'react';
import type { NaricBridge } from '../../../shared/bridge';
import { transportErrorOf } from '../../../shared/transport-failure';
import { getBridge } from '../../platform/bridge';

// Whether the server answers, as one shared value: the offline banner, the duplicates check and
// the outbox runner must agree. One poller per app store, however many components ask: every
// 5 s while the server is unreachable (so the counter notices it is back soon), every 30 s
// while it answers, and at once when the operating system says the network came or went.

export interface ServerReachability {
  /** null until the first answer. */
  reachable: boolean | null;
  /** ISO date-time of the last check. */
  lastChecked: string | null;
}

export const serverReachableAtom = atom<ServerReachability>({ reachable: null, lastChecked: null });

export const REACHABILITY_POLL_MS = { unreachable: 5_000, reachable: 30_000 } as const;

type JotaiStore = ReturnType<typeof useStore>;

interface Poller {
  users: number;
  stop(): void;
}

const pollers = new WeakMap<JotaiStore, Poller>();

/** Any answer, even a 503 health report, means the server is there; only no answer means offline. */
async function answers(bridge: NaricBridge): Promise<boolean> {
  try {
    await bridge.system.health();
    return true;
  } catch (error) {
    const transport = transportErrorOf(error);
    return transport?.status !== undefined && transport.code !== 'network_error' && transport.code !== 'timeout';
  }
}

function startPoller(store: JotaiStore, bridge: NaricBridge): Poller {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let checking = false;

  const schedule = (ms: number) => {
    if (timer) clearTimeout(timer);
    timer = stopped ? null : setTimeout(() => void check(), ms);
  };

  async function check(): Promise<void> {
    if (stopped || checking) return;
    checking = true;
    try {
      const reachable = await answers(bridge);
      if (stopped) return;
      store.set(serverReachableAtom, { reachable, lastChecked: new Date().toISOString() });
      schedule(reachable ? REACHABILITY_POLL_MS.reachable : REACHABILITY_POLL_MS.unreachable);
    } finally {
      checking = false;
    }
  }

  const online = () => void check();
  const offline = () => {
    store.set(serverReachableAtom, { reachable: false, lastChecked: new Date().toISOString() });
    schedule(REACHABILITY_POLL_MS.unreachable);
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  void check();

  return {
    users: 0,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    },
  };
}

export function useServerReachable(): ServerReachability {
  const store = useStore();
  useEffect(() => {
    let poller = pollers.get(store);
    if (!poller) {
      poller = startPoller(store, getBridge());
      pollers.set(store, poller);
    }
    poller.users += 1;
    const mine = poller;
    return () => {
      mine.users -= 1;
      if (mine.users === 0) {
        mine.stop();
        pollers.delete(store);
      }
    };
  }, [store]);
  return useAtomValue(serverReachableAtom, { store });
}
