import { useState, type FormEvent } from 'react';
import { Flag, Pause, Play, SkipForward } from 'lucide-react';
import type { Replay } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { fromIstInputValue, toIstInputValue } from '../lib/replay-time';
import { useReplayControls } from './use-replay-controls';

const STEPS = [1, 10, 30, 60] as const;

function SeekForm({
  replay,
  pending,
  onSeek,
}: {
  replay: Replay;
  pending: boolean;
  onSeek: (time: string) => void;
}) {
  // Blind replays run on a stand-in calendar whose date would be a decoy: they jump by time of day only.
  const blind = replay.calendar === 'stand-in';
  const now = toIstInputValue(replay.clock);
  const [seekTo, setSeekTo] = useState(() => (blind ? now.slice(11) : now));
  const seek = (event: FormEvent) => {
    event.preventDefault();
    onSeek(fromIstInputValue(blind ? `${now.slice(0, 10)}T${seekTo}` : seekTo));
  };
  return (
    <form onSubmit={seek} className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800 dark:text-slate-200">
        {blind ? 'Jump forward to (IST, this session)' : 'Jump forward to (IST)'}
        <input
          type={blind ? 'time' : 'datetime-local'}
          className={inputClass}
          value={seekTo}
          min={blind ? undefined : now}
          max={blind ? undefined : toIstInputValue(replay.endsAt)}
          onChange={(e) => setSeekTo(e.target.value)}
        />
      </label>
      <Button type="submit" variant="secondary" size="sm" disabled={pending || seekTo.length === 0}>
        Jump
      </Button>
    </form>
  );
}

/** Play, pause, step and seek forward, and finish: each a request; the clock shown is the server's answer. */
export function ReplayControls({ replay }: { replay: Replay }) {
  const { run, pending, error } = useReplayControls(replay.id);
  const [confirming, setConfirming] = useState(false);
  const finished = replay.status === 'finished';

  if (finished) return null;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Replay clock">
        {replay.status === 'playing' ? (
          <Button
            icon={<Pause aria-hidden="true" className="size-4" />}
            onClick={() => run({ action: 'pause' })}
            disabled={pending}
          >
            Pause
          </Button>
        ) : (
          <Button
            icon={<Play aria-hidden="true" className="size-4" />}
            onClick={() => run({ action: 'play' })}
            disabled={pending}
          >
            Play at {replay.speed}×
          </Button>
        )}
        {STEPS.map((m) => (
          <Button
            key={m}
            variant="secondary"
            size="sm"
            icon={<SkipForward aria-hidden="true" className="size-4" />}
            onClick={() => run({ action: 'step', minutes: m })}
            disabled={pending}
          >
            {m < 60 ? `+${m} min` : '+1 hour'}
          </Button>
        ))}
        <Button
          variant="ghost"
          size="sm"
          icon={<Flag aria-hidden="true" className="size-4" />}
          onClick={() => setConfirming(true)}
          disabled={pending}
        >
          Finish
        </Button>
      </div>
      {/* A paused clock that moved (a step) refills the jump field; a playing one leaves what is typed. */}
      <SeekForm
        key={replay.status === 'playing' ? 'playing' : replay.clock}
        replay={replay}
        pending={pending}
        onSeek={(time) => run({ action: 'seek', time })}
      />
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <Modal open={confirming} title="Finish this replay?" onClose={() => setConfirming(false)}>
        <p className="text-sm text-slate-700 dark:text-slate-200">
          Finish closes every open position at the last price and reveals the dates
          {replay.blind ? ' and the stocks’ names' : ''}. The replay ends for good: the clock cannot be moved
          and no more orders can be placed afterwards.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Keep going
          </Button>
          <Button
            onClick={() => {
              setConfirming(false);
              run({ action: 'finish' });
            }}
          >
            Finish replay
          </Button>
        </div>
      </Modal>
    </div>
  );
}
