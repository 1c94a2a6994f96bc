import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { ConnectionStatus, ServerEventName, ServerToClientEvents } from '@nivesh/shared';
import { useAuth } from './auth';
import { RealtimeClient, type SocketFactory } from './socket-client';
import { storage } from './storage';

const RealtimeContext = createContext<RealtimeClient | null>(null);

/**
 * Holds the tab's one realtime connection: open while signed in, replaced when the token changes,
 * closed on sign-out. `socketFactory` is the seam tests use to stand in for the server.
 */
export function RealtimeProvider({
  children,
  socketFactory,
}: {
  children: ReactNode;
  socketFactory?: SocketFactory;
}) {
  const [client] = useState(() => new RealtimeClient({ factory: socketFactory }));
  const { status, user } = useAuth();
  // The auth context does not expose the token; sign-in and refresh write it before updating the user.
  const token = status === 'authenticated' && user ? storage.get('token') : null;

  useEffect(() => {
    if (!token) return;
    client.start(token);
    return () => client.stop();
  }, [client, token]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') client.resync();
    };
    const onOnline = () => client.retryNow();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
    };
  }, [client]);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

/** The tab's connection for sending client events, or null outside a RealtimeProvider. */
export function useRealtimeEmitter(): Pick<RealtimeClient, 'emit'> | null {
  return useContext(RealtimeContext);
}

function useRealtimeClient(): RealtimeClient {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error('Realtime hooks must be used inside RealtimeProvider');
  return client;
}

export function useConnectionStatus(): ConnectionStatus {
  const client = useRealtimeClient();
  return useSyncExternalStore(
    (onChange) => client.subscribeStatus(onChange),
    () => client.status,
    () => 'disconnected',
  );
}

/** Runs `handler` with each validated payload of `event`; the latest handler is always the one called. */
export function useRealtimeEvent<E extends ServerEventName>(
  event: E,
  handler: ServerToClientEvents[E],
): void {
  const client = useRealtimeClient();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const forward = ((payload: Parameters<ServerToClientEvents[E]>[0]) =>
      (latest.current as (p: typeof payload) => void)(payload)) as ServerToClientEvents[E];
    return client.on(event, forward);
  }, [client, event]);
}

/** Runs `handler` when the tab may have missed events: after a reconnect or on becoming visible. */
export function useRealtimeResync(handler: () => void): void {
  const client = useRealtimeClient();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => client.onResync(() => latest.current()), [client]);
}
