import { Link } from 'react-router';
import { LogOut, Settings, Shield, Zap } from 'lucide-react';
import { Card, CardTitle } from '../../../components/ui/card';
import { useAuth } from '../../../lib/auth';

/** Links to settings and security, and sign-out. */
export function ProfileQuickActions() {
  const { signOut } = useAuth();
  return (
    <Card aria-labelledby="quick-actions-title" className="h-fit">
      <CardTitle icon={<Zap aria-hidden="true" className="size-5 text-indigo-600" />}>
        <span id="quick-actions-title">Quick Actions</span>
      </CardTitle>
      <div className="flex flex-col gap-2">
        <Link
          to="/settings"
          className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-700"
        >
          <Settings aria-hidden="true" className="size-4" /> Settings
        </Link>
        <Link
          to="/settings?tab=security"
          className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-700"
        >
          <Shield aria-hidden="true" className="size-4" /> Security
        </Link>
        <button
          type="button"
          onClick={signOut}
          data-testid="profile-logout"
          className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
        >
          <LogOut aria-hidden="true" className="size-4" /> Logout
        </button>
      </div>
    </Card>
  );
}
