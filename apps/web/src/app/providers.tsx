import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { AuthProvider } from '../lib/auth';
import { loadSonner } from '../lib/notify';
import { RealtimeProvider } from '../lib/realtime';
import type { SocketFactory } from '../lib/socket-client';
import { ThemeProvider, useTheme } from '../lib/theme';

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors will not change on retry; only transient faults are worth repeating.
        retry: (count, error) =>
          count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

// Not needed for the first paint; it mounts as soon as its chunk arrives.
const Toaster = lazy(async () => ({ default: (await loadSonner()).Toaster }));

const noSubscription = () => () => {};

function ThemedToaster() {
  const { theme } = useTheme();
  // Not in prerendered HTML (false on the server and while hydrating): it carries the theme, which
  // only the browser knows, so hydration would keep the build's light theme on it.
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!inBrowser) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" theme={theme} richColors closeButton />
    </Suspense>
  );
}

/** `socketFactory` lets tests stand in for the realtime server; the app uses the real socket.io client. */
export function AppProviders({
  children,
  socketFactory,
}: {
  children: ReactNode;
  socketFactory?: SocketFactory;
}) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AuthProvider>
          <RealtimeProvider socketFactory={socketFactory}>
            {children}
            <ThemedToaster />
          </RealtimeProvider>
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
