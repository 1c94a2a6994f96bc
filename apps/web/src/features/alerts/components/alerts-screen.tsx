import { useState } from 'react';
import { Link } from 'react-router';
import { BellPlus, Pause, Pencil, Play, Trash2 } from 'lucide-react';
import { ALERT_FREQUENCY_LABELS, describeAlert, type Alert } from '@nivesh/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useAlerts, useDeleteAlert, useUpdateAlert } from '../api/alerts-api';
import { AlertFormModal } from './alert-form-modal';
import { formatDateTime } from '../../../lib/date-format';
import { PortfolioTag } from '../../../components/ui/portfolio-tag';

type Section = 'active' | 'triggered' | 'expired';
const SECTION_OF: Record<Alert['status'], Section> = {
  ACTIVE: 'active',
  DISABLED: 'active',
  TRIGGERED: 'triggered',
  EXPIRED: 'expired',
};
const STATUS_TONE: Record<Alert['status'], string> = {
  ACTIVE: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  DISABLED: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  TRIGGERED: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300',
  EXPIRED: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
};
const STATUS_WORD: Record<Alert['status'], string> = {
  ACTIVE: 'Active',
  DISABLED: 'Paused',
  TRIGGERED: 'Triggered',
  EXPIRED: 'Expired',
};
const when = (iso: string) => formatDateTime(iso);

function AlertRow({ alert, onEdit, onDelete }: { alert: Alert; onEdit: () => void; onDelete: () => void }) {
  const update = useUpdateAlert();
  const paused = alert.status === 'DISABLED';
  const toggle = async () => {
    try {
      const res = await update.mutateAsync({
        id: alert.id,
        body: { status: paused ? 'ACTIVE' : 'DISABLED' },
      });
      notify.success(paused ? `Alert resumed: ${res.data.symbol}` : `Alert paused: ${res.data.symbol}`);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to update the alert'));
    }
  };
  const last = alert.history[0];
  return (
    <li
      className="flex flex-col gap-3 border-b border-slate-100 py-3 last:border-0 sm:flex-row sm:items-center sm:justify-between dark:border-slate-700/60"
      data-testid={`alert-row-${alert.id}`}
    >
      <div className="min-w-0 space-y-1">
        <p className="font-medium text-slate-900 dark:text-white">
          <Link to={`/stock/${encodeURIComponent(alert.symbol)}`} className="hover:underline">
            {describeAlert(alert)}
          </Link>
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-300">
          <Badge tone={STATUS_TONE[alert.status]} testId="alert-status">
            {STATUS_WORD[alert.status]}
          </Badge>{' '}
          {ALERT_FREQUENCY_LABELS[alert.frequency]}
          {alert.frequency === 'every' ? ` (cooldown ${alert.cooldownSeconds} s)` : ''} · fired{' '}
          {alert.triggerCount}×{last ? ` · last ${when(last.firedAt)} at ₹${last.price.toFixed(2)}` : ''} ·
          expires {when(alert.expiresAt)}
        </p>
        {alert.statusReason ? (
          <p className="text-xs text-slate-600 dark:text-slate-300">{alert.statusReason}</p>
        ) : null}
        {alert.note ? (
          <p className="text-sm italic text-slate-700 dark:text-slate-200">“{alert.note}”</p>
        ) : null}
      </div>
      <div className="flex shrink-0 gap-1">
        <Button
          variant="ghost"
          size="sm"
          onClick={onEdit}
          icon={<Pencil aria-hidden="true" className="size-4" />}
          aria-label={`Edit alert ${alert.symbol}`}
        >
          Edit
        </Button>
        {alert.status === 'ACTIVE' || paused ? (
          <Button
            variant="ghost"
            size="sm"
            loading={update.isPending}
            onClick={() => void toggle()}
            icon={
              paused ? (
                <Play aria-hidden="true" className="size-4" />
              ) : (
                <Pause aria-hidden="true" className="size-4" />
              )
            }
          >
            {paused ? 'Resume' : 'Pause'}
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          onClick={onDelete}
          icon={<Trash2 aria-hidden="true" className="size-4" />}
          aria-label={`Delete alert ${alert.symbol}`}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

/** /alerts: the user's price alerts by state, with create, edit, pause/resume and delete. */
export function AlertsScreen() {
  const alerts = useAlerts();
  const del = useDeleteAlert();
  const [section, setSection] = useState<Section>('active');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Alert | null>(null);
  const [deleting, setDeleting] = useState<Alert | null>(null);
  const all = alerts.data?.data ?? [];
  const counts = { active: 0, triggered: 0, expired: 0 };
  for (const a of all) counts[SECTION_OF[a.status]] += 1;
  const shown = all.filter((a) => SECTION_OF[a.status] === section);
  const full = alerts.data ? alerts.data.count >= alerts.data.limit : false;

  const remove = async () => {
    if (!deleting) return;
    try {
      await del.mutateAsync(deleting.id);
      notify.success(`Alert deleted: ${deleting.symbol}`);
      setDeleting(null);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to delete the alert'));
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Price Alerts</h1>
          <PortfolioTag />
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Checked every second of the simulated market
            {alerts.data ? ` · ${alerts.data.count} of ${alerts.data.limit} used` : ''}
          </p>
        </div>
        <Button
          onClick={() => setCreating(true)}
          disabled={full}
          title={
            full ? `You can keep at most ${alerts.data?.limit ?? 200} alerts; delete some first` : undefined
          }
          icon={<BellPlus aria-hidden="true" className="size-4" />}
        >
          New alert
        </Button>
      </div>
      <Card>
        <Tabs
          label="Alerts by state"
          active={section}
          onChange={setSection}
          tabs={[
            { key: 'active', label: `Active (${counts.active})` },
            { key: 'triggered', label: `Triggered (${counts.triggered})` },
            { key: 'expired', label: `Expired (${counts.expired})` },
          ]}
        >
          {alerts.isLoading ? (
            <div role="status" className="flex items-center gap-2 py-6 text-slate-600 dark:text-slate-300">
              <Spinner /> Loading alerts...
            </div>
          ) : alerts.isError ? (
            <p role="alert" className="py-6 text-sm text-red-700 dark:text-red-400">
              {errorMessage(alerts.error, 'Failed to load your alerts')}
            </p>
          ) : shown.length === 0 ? (
            <p className="py-6 text-sm text-slate-600 dark:text-slate-300">
              {section === 'active'
                ? 'No active alerts. Set one from a stock, the charts or your watchlist, or with New alert.'
                : section === 'triggered'
                  ? 'No alert has fired yet.'
                  : 'No expired alerts.'}
            </p>
          ) : (
            <ul>
              {shown.map((a) => (
                <AlertRow key={a.id} alert={a} onEdit={() => setEditing(a)} onDelete={() => setDeleting(a)} />
              ))}
            </ul>
          )}
        </Tabs>
      </Card>
      {creating ? <AlertFormModal open onClose={() => setCreating(false)} /> : null}
      {editing ? <AlertFormModal open onClose={() => setEditing(null)} alert={editing} /> : null}
      <Modal open={deleting !== null} onClose={() => setDeleting(null)} title="Delete alert">
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {deleting ? `Delete "${describeAlert(deleting)}" and its history?` : ''}
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button variant="danger" loading={del.isPending} onClick={() => void remove()}>
            Delete
          </Button>
        </div>
      </Modal>
    </div>
  );
}
