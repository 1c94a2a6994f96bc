import { lazy, Suspense, type ComponentType } from 'react';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/ui/spinner';
import { useAuth } from '../lib/auth';
import { setNavigator } from '../lib/api-client';
import { PublicOnly, RequireAuth } from './guards';
import { PageTransition } from './shell/page-transition';
import { NotFoundScreen } from './not-found';

function lazyNamed<M extends Record<string, unknown>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

// The signed-in frame (sidebar, header, search, notifications) is not needed before the public pages.
const AppLayout = lazyNamed(() => import('./shell/app-layout'), 'AppLayout');
const LandingScreen = lazyNamed(
  () => import('../features/landing/components/landing-screen'),
  'LandingScreen',
);
const LoginScreen = lazyNamed(() => import('../features/auth/components/login-screen'), 'LoginScreen');
const SignupScreen = lazyNamed(() => import('../features/auth/components/signup-screen'), 'SignupScreen');
const ForgotPasswordScreen = lazyNamed(
  () => import('../features/auth/components/forgot-password-screen'),
  'ForgotPasswordScreen',
);
const ResetPasswordScreen = lazyNamed(
  () => import('../features/auth/components/reset-password-screen'),
  'ResetPasswordScreen',
);
const GoogleCallbackScreen = lazyNamed(
  () => import('../features/auth/components/google-callback-screen'),
  'GoogleCallbackScreen',
);
const DashboardRoute = lazyNamed(() => import('./routes/dashboard-route'), 'DashboardRoute');
const NewsScreen = lazyNamed(() => import('../features/news/components/news-screen'), 'NewsScreen');
const ProfileScreen = lazyNamed(
  () => import('../features/profile/components/profile-screen'),
  'ProfileScreen',
);
const SettingsScreen = lazyNamed(
  () => import('../features/settings/components/settings-screen'),
  'SettingsScreen',
);
const NotificationsScreen = lazyNamed(
  () => import('../features/notifications/components/notifications-screen'),
  'NotificationsScreen',
);
const ChartsRoute = lazyNamed(() => import('./routes/charts-route'), 'ChartsRoute');
const StockRoute = lazyNamed(() => import('./routes/stock-route'), 'StockRoute');
const TradingRoute = lazyNamed(() => import('./routes/trading-route'), 'TradingRoute');
const OrdersRoute = lazyNamed(() => import('./routes/orders-route'), 'OrdersRoute');
const PortfolioRoute = lazyNamed(() => import('./routes/portfolio-route'), 'PortfolioRoute');
const PortfoliosScreen = lazyNamed(
  () => import('../features/portfolios/components/portfolios-screen'),
  'PortfoliosScreen',
);
const HistoryScreen = lazyNamed(
  () => import('../features/history/components/history-screen'),
  'HistoryScreen',
);
const TradesScreen = lazyNamed(() => import('../features/journal/components/trades-screen'), 'TradesScreen');
const HabitsScreen = lazyNamed(() => import('../features/insights/components/habits-screen'), 'HabitsScreen');
const ReportsScreen = lazyNamed(
  () => import('../features/reports/components/reports-screen'),
  'ReportsScreen',
);
const LeaderboardScreen = lazyNamed(
  () => import('../features/leaderboard/components/leaderboard-screen'),
  'LeaderboardScreen',
);
const ClassesScreen = lazyNamed(
  () => import('../features/classes/components/classes-screen'),
  'ClassesScreen',
);
const ClassScreen = lazyNamed(() => import('../features/classes/components/class-screen'), 'ClassScreen');
// In the class screen's chunk: one lazy file for both class routes keeps the first render's budget.
const StudentScreen = lazyNamed(() => import('../features/classes/components/class-screen'), 'StudentScreen');
const WatchlistRoute = lazyNamed(() => import('./routes/watchlist-route'), 'WatchlistRoute');
const AlertsScreen = lazyNamed(() => import('../features/alerts/components/alerts-screen'), 'AlertsScreen');
const TermsScreen = lazyNamed(() => import('../features/legal/components/terms-screen'), 'TermsScreen');
const ReplayLabScreen = lazyNamed(
  () => import('../features/replay/components/replay-lab-screen'),
  'ReplayLabScreen',
);
const ReplaySessionRoute = lazyNamed(() => import('./routes/replay-route'), 'ReplaySessionRoute');
const SaytrixRoute = lazyNamed(() => import('./routes/saytrix-route'), 'SaytrixRoute');
const AgentScreen = lazyNamed(() => import('../features/agent/components/agent-screen'), 'AgentScreen');
const OptionsScreen = lazyNamed(
  () => import('../features/options/components/options-screen'),
  'OptionsScreen',
);
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

export const routes: RouteObject[] = [
  {
    element: <Root />,
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
              { path: '/dashboard', element: <DashboardRoute /> },
              { path: '/news', element: <NewsScreen /> },
              { path: '/profile', element: <ProfileScreen /> },
              { path: '/settings', element: <SettingsScreen /> },
              { path: '/notifications', element: <NotificationsScreen /> },
              { path: '/charts', element: <ChartsRoute /> },
              { path: '/watchlist', element: <WatchlistRoute /> },
              { path: '/alerts', element: <AlertsScreen /> },
              { path: '/replay', element: <ReplayLabScreen /> },
              { path: '/replay/:id', element: <ReplaySessionRoute /> },
              { path: '/stock/:symbol', element: <StockRoute /> },
              { path: '/trading', element: <TradingRoute /> },
              { path: '/orders', element: <OrdersRoute /> },
              { path: '/portfolio', element: <PortfolioRoute /> },
              { path: '/portfolios', element: <PortfoliosScreen /> },
              { path: '/classes', element: <ClassesScreen /> },
              { path: '/classes/:id', element: <ClassScreen /> },
              { path: '/classes/:id/students/:userId', element: <StudentScreen /> },
              { path: '/history', element: <HistoryScreen /> },
              { path: '/trades', element: <TradesScreen /> },
              { path: '/insights', element: <HabitsScreen /> },
              { path: '/reports', element: <ReportsScreen /> },
              { path: '/saytrix', element: <SaytrixRoute /> },
              { path: '/chatbot', element: <SaytrixRoute /> },
              { path: '/leaderboard', element: <LeaderboardScreen /> },
              { path: '/agent', element: <AgentScreen /> },
              { path: '/options', element: <OptionsScreen /> },
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

/**
 * The route map in declarative mode: the app uses no loaders or actions, and the data router
 * costs about 17 kB gzipped more before the first render. Errors are caught by the ErrorBoundary
 * around the whole app.
 */
export function AppRoutes() {
  const navigate = useNavigate();
  // The api client sends the user to /login on session expiry without reloading the page.
  useEffect(() => setNavigator((to) => void navigate(to)), [navigate]);
  return useRoutes(routes);
}
