import { Monitor } from 'lucide-react';
import { formatDate, type SessionInfo } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/settings-api';

/** A readable device label from the user agent; good enough to tell sessions apart. */
export function describeUserAgent(ua: string): string {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad/.test(ua)
        ? 'iOS'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? (ua ? ua.slice(0, 60) : 'Unknown device');
}

function SessionRow({ session }: { session: SessionInfo }) {
  const revoke = useRevokeSession();
  const device = describeUserAgent(session.userAgent);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Monitor aria-hidden="true" className="size-5 text-slate-500 dark:text-slate-400" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-900 dark:text-white">
          {device}
          {session.current ? (
            <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
              This device
            </span>
          ) : null}
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {session.ip} · signed in {formatDate(session.createdAt)} · last active{' '}
          {formatDate(session.lastSeenAt)}
          {session.rememberMe ? ' · remembered' : ''}
        </p>
      </div>
      {!session.current ? (
        <Button
          variant="secondary"
          size="sm"
          loading={revoke.isPending}
          aria-label={`Sign out ${device} (${session.ip})`}
          onClick={() =>
            revoke.mutate(session.id, {
              onSuccess: (res) => notify.success(res.message),
              onError: (err) => notify.error(errorMessage(err, 'Failed to sign out the session')),
            })
          }
        >
          Sign out
        </Button>
      ) : null}
    </li>
  );
}

export function SessionsSection() {
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.data.filter((s) => !s.current).length ?? 0;

  return (
    <section aria-labelledby="sessions-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="sessions-title" className="text-base font-semibold text-slate-900 dark:text-white">
          Active Sessions
        </h3>
        <Button
          variant="secondary"
          size="sm"
          disabled={others === 0}
          loading={revokeOthers.isPending}
          onClick={() =>
            revokeOthers.mutate(undefined, {
              onSuccess: (res) => notify.success(res.message),
              onError: (err) => notify.error(errorMessage(err, 'Failed to sign out other sessions')),
            })
          }
        >
          Sign out other sessions
        </Button>
      </div>
      {sessions.isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Spinner size="sm" /> Loading sessions...
        </p>
      ) : sessions.isError ? (
        <div role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(sessions.error, 'Failed to load sessions')}{' '}
          <button type="button" className="font-medium underline" onClick={() => void sessions.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-700" data-testid="session-list">
          {sessions.data.data.map((s) => (
            <SessionRow key={s.id} session={s} />
          ))}
        </ul>
      )}
    </section>
  );
}
