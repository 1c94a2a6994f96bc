import { StrictMode, type ReactNode } from 'react';
import { ErrorBoundary } from './error-boundary';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/**
 * The whole app under a router. main.tsx (BrowserRouter) and prerender.tsx (StaticRouter) render
 * this same tree, so the prerendered HTML hydrates without mismatches.
 */
export function AppShell({ Router }: { Router: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <StrictMode>
      <ErrorBoundary>
        <AppProviders>
          <Router>
            <AppRoutes />
          </Router>
        </AppProviders>
      </ErrorBoundary>
    </StrictMode>
  );
}
