import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '../index.css';
import { applyTheme, readStoredTheme } from '../lib/theme';
import { ErrorBoundary } from './error-boundary';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

// Applied before the first render: the CSP allows no inline script in index.html to do it earlier.
applyTheme(readStoredTheme());

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <ErrorBoundary>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </ErrorBoundary>
  </StrictMode>,
);
