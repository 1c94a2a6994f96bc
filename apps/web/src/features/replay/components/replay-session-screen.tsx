import { useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { AlertTriangle, ArrowLeft } from 'lucide-react';
import type { Candle, Quote, Replay } from '@nivesh/shared';
import { Badge } from '../../../components/ui/badge';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDay } from '../../../lib/date-format';
import { useReplay, useReplayHistorical } from '../api/replay-api';
import { replayClockLabel, replayTitle } from '../lib/replay-time';
import { tradeMarkers, type TradeMarker } from '../lib/replay-trade-markers';
import { ReplayControls } from './replay-controls';
import { ReplayMarketPanel } from './replay-market-panel';
import { ReplayPortfolioPanel } from './replay-portfolio-panel';
import { ReplayScoreCard } from './replay-score-card';
import type { PickedStock } from './replay-stock-search';
import { ReplayTradeTicket } from './replay-trade-ticket';
import { ReplayWatchPanel } from './replay-watch-panel';

const STATUS_TONE: Record<Replay['status'], string> = {
  playing: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  paused: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  finished: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200',
};
const STATUS_WORD: Record<Replay['status'], string> = {
  playing: 'Playing',
  paused: 'Paused',
  finished: 'Finished',
};

/** The route draws the chart (the charts feature's canvas); a finished replay's trades come as markers. */
export type RenderReplayChart = (
  candles: readonly Candle[],
  fitKey: string,
  markers: readonly TradeMarker[],
) => ReactNode;

const NO_TRADES: NonNullable<Replay['score']>['trades'] = [];

function HaltBanner({ halt }: { halt: NonNullable<Replay['marketHalt']> }) {
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <strong>{halt.phase === 'halt' ? 'Market halted' : 'Pre-open call auction'}.</strong> {halt.message}
      </p>
    </div>
  );
}

function ReplayChart({
  replay,
  symbol,
  renderChart,
}: {
  replay: Replay;
  symbol: string;
  renderChart: RenderReplayChart;
}) {
  const history = useReplayHistorical(replay, symbol, '1D');
  const trades = replay.score?.trades ?? NO_TRADES;
  const candles = history.data?.data;
  const markers = useMemo(() => tradeMarkers(trades, symbol, candles ?? []), [trades, symbol, candles]);
  return (
    <Card className="min-w-0">
      <CardTitle>{history.data ? `${symbol} today, to the replay's minute` : symbol}</CardTitle>
      {history.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorMessage(history.error, 'Could not load the chart')}
        </p>
      ) : history.data ? (
        renderChart(history.data.data, `${replay.id}-${symbol}`, markers)
      ) : (
        <Spinner />
      )}
    </Card>
  );
}

/** /replay/:id — the replay's clock, its controls, and the market as of its minute. */
export function ReplaySessionScreen({ renderChart }: { renderChart: RenderReplayChart }) {
  const { id = '' } = useParams();
  const replay = useReplay(id);
  // Until one is picked: a finished replay charts its first traded stock (its trades are marked on
  // it), any other the NIFTY 50.
  const [picked, setSymbol] = useState<string | null>(null);
  const [stock, setStock] = useState<PickedStock | null>(null);
  const pickRow = (quote: Quote) => {
    setSymbol(quote.symbol);
    if (quote.exchange !== 'INDEX') setStock({ symbol: quote.symbol, name: quote.name });
  };
  const pickStock = (picked: PickedStock) => {
    setStock(picked);
    setSymbol(picked.symbol);
  };

  if (replay.isPending) return <Spinner />;
  if (replay.isError)
    return (
      <div className="space-y-3">
        <p role="alert">{errorMessage(replay.error, 'Could not load the replay')}</p>
        <Link to="/replay" className="text-indigo-700 hover:underline dark:text-indigo-300">
          Back to the Replay Lab
        </Link>
      </div>
    );
  const r = replay.data;
  const symbol = picked ?? r.score?.trades[0]?.symbol ?? 'NIFTY50';
  return (
    <div className="space-y-5">
      <div className="space-y-1">
        <Link
          to="/replay"
          className="inline-flex items-center gap-1 text-sm text-indigo-700 hover:underline dark:text-indigo-300"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> Replay Lab
        </Link>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{replayTitle(r)}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
          <Badge tone={STATUS_TONE[r.status]}>{STATUS_WORD[r.status]}</Badge>
          <span className="font-semibold tabular-nums" data-testid="replay-clock">
            {replayClockLabel(r)}
          </span>
          <span>· {r.speed}× speed</span>
          {r.blind && r.status !== 'finished' ? <span>· Blind: dates and names hidden</span> : null}
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-300">{r.pricesNote}</p>
      </div>
      {r.marketHalt ? <HaltBanner halt={r.marketHalt} /> : null}
      {r.status === 'finished' && r.score ? <ReplayScoreCard replay={r} score={r.score} /> : null}
      {r.status === 'finished' && !r.score && r.dates ? (
        <Card>
          <CardTitle>Finished</CardTitle>
          <p className="text-sm text-slate-700 dark:text-slate-200">
            This replay covered {r.dates.map(formatDay).join(', ')}.
          </p>
        </Card>
      ) : null}
      <ReplayControls replay={r} />
      <ReplayMarketPanel replay={r} selected={symbol} onSelect={pickRow} />
      <div className="grid min-w-0 gap-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <ReplayChart replay={r} symbol={symbol} renderChart={renderChart} />
        </div>
        <ReplayTradeTicket replay={r} stock={stock} onPick={pickStock} />
      </div>
      {r.portfolioId !== null ? <ReplayWatchPanel replay={r} stock={stock} /> : null}
      <ReplayPortfolioPanel replay={r} />
    </div>
  );
}
