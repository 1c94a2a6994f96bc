import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/ui/spinner';
import { useAuth } from '../lib/auth';
import { ErrorScreen } from './error-boundary';
import { PublicOnly, RequireAuth } from './guards';
import { NotFoundScreen } from './not-found';
import { PlaceholderScreen } from './routes/placeholder-screen';
import { AppLayout, PageTransition } from './shell/app-layout';

function lazyNamed<M extends Record<string, unknown>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const LandingScreen = lazyNamed(() => import('../features/landing/components/landing-screen'), 'LandingScreen');
const LoginScreen = lazyNamed(() => import('../features/auth/components/login-screen'), 'LoginScreen');
const SignupScreen = lazyNamed(() => import('../features/auth/components/signup-screen'), 'SignupScreen');
const ForgotPasswordScreen = lazyNamed(() => import('../features/auth/components/forgot-password-screen'), 'ForgotPasswordScreen');
const ResetPasswordScreen = lazyNamed(() => import('../features/auth/components/reset-password-screen'), 'ResetPasswordScreen');
const GoogleCallbackScreen = lazyNamed(() => import('../features/auth/components/google-callback-screen'), 'GoogleCallbackScreen');
const DashboardScreen = lazyNamed(() => import('../features/dashboard/components/dashboard-screen'), 'DashboardScreen');
const ProfileScreen = lazyNamed(() => import('../features/profile/components/profile-screen'), 'ProfileScreen');
const SettingsScreen = lazyNamed(() => import('../features/settings/components/settings-screen'), 'SettingsScreen');
const NotificationsScreen = lazyNamed(() => import('../features/notifications/components/notifications-screen'), 'NotificationsScreen');
const ChartsRoute = lazyNamed(() => import('./routes/charts-route'), 'ChartsRoute');
const StockRoute = lazyNamed(() => import('./routes/stock-route'), 'StockRoute');
const TradingRoute = lazyNamed(() => import('./routes/trading-route'), 'TradingRoute');
const OrdersScreen = lazyNamed(() => import('../features/orders/components/orders-screen'), 'OrdersScreen');
const PortfolioRoute = lazyNamed(() => import('./routes/portfolio-route'), 'PortfolioRoute');
const HistoryScreen = lazyNamed(() => import('../features/history/components/history-screen'), 'HistoryScreen');
const WatchlistScreen = lazyNamed(() => import('../features/watchlist/components/watchlist-screen'), 'WatchlistScreen');
const TermsScreen = lazyNamed(() => import('../features/legal/components/terms-screen'), 'TermsScreen');
const PrivacyScreen = lazyNamed(() => import('../features/legal/components/privacy-screen'), 'PrivacyScreen');

function Root() {
  return (
    <Suspense fallback={<LoadingScreen label="Loading Nivesh..." />}>
      <Outlet />
    </Suspense>
  );
}

/** Keeps the query string when following an alias (the trading screen reads symbol/type/search). */
function Alias({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={`${to}${search}${hash}`} replace />;
}

/** Legal pages are readable before sign-up; signed-in readers see them inside the shell. */
function LegalLayout() {
  const { status } = useAuth();
  if (status === 'authenticated') return <AppLayout />;
  if (status === 'verifying') return <LoadingScreen label="Loading Nivesh..." />;
  return (
    <main className="min-h-screen px-4 py-10">
      <PageTransition />
    </main>
  );
}

const comingSoon: Array<[string, string, string]> = [
  ['news', 'Market News', 'Market news for Indian equities is coming soon.'],
  ['saytrix', 'Saytrix AI', 'Saytrix, the assistant that answers from your portfolio and live quotes, is coming soon.'],
  ['chatbot', 'Saytrix AI', 'Saytrix, the assistant that answers from your portfolio and live quotes, is coming soon.'],
  ['trades', 'Trade Journal', 'Your trade log will appear here.'],
];

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <ErrorScreen />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: '/', element: <LandingScreen /> },
          { path: '/login', element: <LoginScreen /> },
          { path: '/signup', element: <SignupScreen /> },
          { path: '/forgot-password', element: <ForgotPasswordScreen /> },
          { path: '/reset-password', element: <ResetPasswordScreen /> },
        ],
      },
      { path: '/auth/oauth-callback', element: <GoogleCallbackScreen /> },
      { path: '/auth/google/callback', element: <GoogleCallbackScreen /> },
      {
        element: <LegalLayout />,
        children: [
          { path: '/terms', element: <TermsScreen /> },
          { path: '/privacy', element: <PrivacyScreen /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: '/dashboard', element: <DashboardScreen /> },
              { path: '/profile', element: <ProfileScreen /> },
              { path: '/settings', element: <SettingsScreen /> },
              { path: '/notifications', element: <NotificationsScreen /> },
              { path: '/charts', element: <ChartsRoute /> },
              { path: '/watchlist', element: <WatchlistScreen /> },
              { path: '/stock/:symbol', element: <StockRoute /> },
              { path: '/trading', element: <TradingRoute /> },
              { path: '/orders', element: <OrdersScreen /> },
              { path: '/portfolio', element: <PortfolioRoute /> },
              { path: '/history', element: <HistoryScreen /> },
              ...comingSoon.map(([path, title, description]) => ({
                path: `/${path}`,
                element: <PlaceholderScreen title={title} description={description} />,
              })),
            ],
          },
        ],
      },
      { path: '/home', element: <Alias to="/" /> },
      { path: '/app', element: <Alias to="/dashboard" /> },
      { path: '/trade', element: <Alias to="/trading" /> },
      { path: '/stocks', element: <Alias to="/charts" /> },
      { path: '/chat', element: <Alias to="/saytrix" /> },
      { path: '/ai', element: <Alias to="/saytrix" /> },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
