import type { FormEvent } from 'react';
import { History } from 'lucide-react';
import { REPLAY_MAX_DAYS } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/field';
import { inputClass } from '../../../components/ui/input';
import { SPEED_OPTIONS, useNewReplayForm } from './use-new-replay-form';

/** The bundled history starts here; the server refuses days it has no bars for and says why. */
const FIRST_DAY = '2020-01-01';

export function NewReplayForm({ lastDay }: { lastDay: string }) {
  const { fields, set, error, start, pending } = useNewReplayForm();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    start();
  };
  return (
    <Card>
      <CardTitle icon={<History aria-hidden="true" className="size-5" />}>Replay any day</CardTitle>
      <form noValidate onSubmit={submit} className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label="Trading day"
          type="date"
          min={FIRST_DAY}
          max={lastDay}
          value={fields.date}
          onChange={(e) => set('date', e.target.value)}
          required
        />
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800 dark:text-slate-200">
          Days
          <select
            className={inputClass}
            value={fields.days}
            onChange={(e) => set('days', Number(e.target.value))}
          >
            {Array.from({ length: REPLAY_MAX_DAYS }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? 'day' : 'days'}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800 dark:text-slate-200">
          Speed
          <select
            className={inputClass}
            value={fields.speed}
            onChange={(e) => set('speed', Number(e.target.value))}
          >
            {SPEED_OPTIONS.map((s) => (
              <option key={s} value={s}>
                {s === 1
                  ? 'Real time (1×)'
                  : `${s}× (${s / 60 >= 1 ? `${s / 60} min` : `${s} s`} per second)`}
              </option>
            ))}
          </select>
        </label>
        <div className="flex flex-col justify-end gap-2">
          <Checkbox
            label="Blind: hide the date and names until I finish"
            checked={fields.blind}
            onChange={(e) => set('blind', e.target.checked)}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
          <Button type="submit" loading={pending}>
            Start replay
          </Button>
          {error ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {error}
            </p>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
