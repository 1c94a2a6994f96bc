import { Calendar, Camera, Pencil, UserRound } from 'lucide-react';
import { DEFAULT_BIO, DEFAULT_ROLE, formatMonthYear } from '@nivesh/shared';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { useTradingStats } from '../../account/api/account-api';
import { useLiveFigures } from '../../account/api/use-live-figures';
import { AchievementsCard } from './achievements-card';
import { ProfileEditForm } from './profile-edit-form';
import { ProfileQuickActions } from './profile-quick-actions';
import { TradingPerformanceCard } from './trading-performance-card';
import { useProfileForm } from './use-profile-form';
import { withLiveTotalPnl } from '../lib/live-achievements';

function InfoRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900 sm:col-span-2 sm:mt-0 dark:text-slate-100">
        {value || 'Not provided'}
      </dd>
    </div>
  );
}

export function ProfileScreen() {
  const s = useProfileForm();
  const { user, editing, setEditing } = s;
  const stats = useTradingStats();
  const { figures } = useLiveFigures();

  return (
    <div className="space-y-6">
      <Card className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <div className="relative self-start">
          <Avatar name={user.fullName} src={user.avatar} size="lg" />
          <span title="Avatar upload coming soon!" className="absolute -bottom-1 -right-1">
            <button
              type="button"
              disabled
              aria-label="Avatar upload coming soon!"
              className="inline-flex size-8 cursor-not-allowed items-center justify-center rounded-full border border-slate-300 bg-white text-slate-600 dark:border-slate-600 dark:bg-slate-700 dark:text-slate-300"
            >
              <Camera aria-hidden="true" className="size-4" />
            </button>
          </span>
        </div>
        <div className="flex-1">
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{user.fullName}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            @{user.username} · {user.role || DEFAULT_ROLE}
          </p>
          <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-300">
            <Calendar aria-hidden="true" className="size-4" />
            Joined {formatMonthYear(user.createdAt)}
          </p>
        </div>
        {!editing ? (
          <Button icon={<Pencil aria-hidden="true" className="size-4" />} onClick={() => setEditing(true)}>
            Edit Profile
          </Button>
        ) : null}
      </Card>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card aria-labelledby="personal-info-title">
            <CardTitle icon={<UserRound aria-hidden="true" className="size-5 text-indigo-600" />}>
              <span id="personal-info-title">Personal Information</span>
            </CardTitle>
            {editing ? (
              <ProfileEditForm s={s} />
            ) : (
              <dl className="divide-y divide-slate-200 dark:divide-slate-700">
                <InfoRow label="First Name" value={user.firstName} />
                <InfoRow label="Last Name" value={user.lastName} />
                <InfoRow label="Email" value={user.email} />
                <InfoRow label="Phone" value={user.phoneNumber} />
                <InfoRow label="Location" value={user.location} />
                <InfoRow label="Bio" value={user.bio || DEFAULT_BIO} />
              </dl>
            )}
          </Card>

          <TradingPerformanceCard
            stats={stats.data}
            figures={figures}
            pending={stats.isPending}
            error={stats.error}
          />

          <AchievementsCard
            achievements={stats.data && withLiveTotalPnl(stats.data.achievements, figures)}
            pending={stats.isPending}
            error={stats.error}
          />
        </div>

        <ProfileQuickActions />
      </div>
    </div>
  );
}
