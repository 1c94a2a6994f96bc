import {
  ArrowLeftRight,
  Bell,
  BellRing,
  Bot,
  Brain,
  Briefcase,
  CandlestickChart,
  ClipboardList,
  FileText,
  GraduationCap,
  History,
  Home,
  LayoutDashboard,
  Newspaper,
  Rewind,
  Sigma,
  NotebookPen,
  Settings,
  Star,
  Trophy,
  User,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Extra paths that light up this entry (/chatbot highlights Saytrix). */
  alsoActiveOn?: string[];
}

export const MAIN_NAV: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/trading', label: 'Trading', icon: ArrowLeftRight },
  { to: '/charts', label: 'Charts', icon: CandlestickChart },
  { to: '/options', label: 'Options', icon: Sigma },
  { to: '/portfolio', label: 'Portfolio', icon: Wallet },
  { to: '/portfolios', label: 'Portfolios', icon: Briefcase },
  { to: '/watchlist', label: 'Watchlist', icon: Star },
  { to: '/alerts', label: 'Alerts', icon: BellRing },
  { to: '/orders', label: 'Orders', icon: ClipboardList },
  { to: '/history', label: 'History', icon: History },
  { to: '/trades', label: 'My Trades', icon: NotebookPen },
  { to: '/insights', label: 'Habits', icon: Brain },
  { to: '/leaderboard', label: 'Leaderboard', icon: Trophy },
  { to: '/classes', label: 'Classrooms', icon: GraduationCap },
  { to: '/replay', label: 'Replay Lab', icon: Rewind },
  { to: '/news', label: 'News', icon: Newspaper },
  { to: '/notifications', label: 'Notifications', icon: Bell },
  { to: '/saytrix', label: 'Saytrix AI', icon: Bot, alsoActiveOn: ['/chatbot'] },
  { to: '/agent', label: 'Agent sandbox', icon: Bot },
];

export const ACCOUNT_NAV: NavItem[] = [
  { to: '/profile', label: 'Profile', icon: User },
  { to: '/reports', label: 'Tax reports', icon: FileText },
  { to: '/settings', label: 'Settings', icon: Settings },
];

export const BOTTOM_NAV: NavItem[] = [
  { to: '/dashboard', label: 'Home', icon: Home },
  { to: '/portfolio', label: 'Portfolio', icon: Wallet },
  { to: '/trading', label: 'Trade', icon: ArrowLeftRight },
  { to: '/charts', label: 'Charts', icon: CandlestickChart },
  { to: '/saytrix', label: 'AI', icon: Bot, alsoActiveOn: ['/chatbot'] },
  { to: '/settings', label: 'More', icon: Settings },
];

/** Entries the operator's settings (GET /api/instance) decide: off, their page refuses, so no link. */
export function instanceNav(
  items: NavItem[],
  { publicLeaderboard, agentSandbox }: { publicLeaderboard: boolean; agentSandbox: boolean },
): NavItem[] {
  return items.filter(
    (item) => (publicLeaderboard || item.to !== '/leaderboard') && (agentSandbox || item.to !== '/agent'),
  );
}

export function isActive(item: NavItem, pathname: string): boolean {
  const paths = [item.to, ...(item.alsoActiveOn ?? [])];
  return paths.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
