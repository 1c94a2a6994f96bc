import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '../index.css';
import { setNavigator } from '../lib/api-client';
import { applyTheme, readStoredTheme } from '../lib/theme';
import { ErrorBoundary } from './error-boundary';
import { AppProviders } from './providers';
import { router } from './router';

// Applied before the first render: the CSP allows no inline script in index.html to do it earlier.
applyTheme(readStoredTheme());
setNavigator((to) => void router.navigate(to));

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <ErrorBoundary>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </ErrorBoundary>
  </StrictMode>,
);
