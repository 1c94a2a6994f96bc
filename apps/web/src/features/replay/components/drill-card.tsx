import { Play } from 'lucide-react';
import type { Drill } from '@nivesh/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatDay } from '../../../lib/date-format';

const KIND_TONE: Record<Drill['kind'], string> = {
  event: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  calm: 'bg-slate-100 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

const fmt = (n: number) => n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A curated real day: its briefing, what to watch, and a start that replays it (or says it cannot). */
export function DrillCard({
  drill,
  onStart,
  pending,
}: {
  drill: Drill;
  onStart: (date: string, days: number) => void;
  pending: boolean;
}) {
  const { replayDate } = drill;
  const move = drill.nifty
    ? ((drill.nifty.close - drill.nifty.previousClose) / drill.nifty.previousClose) * 100
    : null;
  return (
    <Card className="flex flex-col gap-3" data-testid={`drill-${drill.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900 dark:text-white">{drill.title}</h3>
        <Badge tone={KIND_TONE[drill.kind]}>{drill.kind === 'event' ? 'Event' : 'Calm day'}</Badge>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        {formatDay(drill.date)}
        {drill.days > 1 ? ` · ${drill.days} days` : ''}
        {drill.nifty && move !== null
          ? ` · NIFTY 50 ${fmt(drill.nifty.previousClose)} → ${fmt(drill.nifty.close)} (${move >= 0 ? '+' : ''}${move.toFixed(2)}%)`
          : ''}
      </p>
      <p className="text-sm text-slate-700 dark:text-slate-200">{drill.briefing}</p>
      {drill.watch.length > 0 ? (
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">
            What to watch
          </p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700 dark:text-slate-200">
            {drill.watch.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <Button
          size="sm"
          disabled={!replayDate || pending}
          title={replayDate ? undefined : 'The bundled history has no trading day for this drill'}
          icon={<Play aria-hidden="true" className="size-4" />}
          onClick={() => replayDate && onStart(replayDate, drill.days)}
        >
          Replay this day
        </Button>
      </div>
      {drill.sources.length > 0 ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">Sources: {drill.sources.join('; ')}</p>
      ) : null}
    </Card>
  );
}
