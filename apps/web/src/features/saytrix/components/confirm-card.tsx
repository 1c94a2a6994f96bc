import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';

export const CARD_FRAME =
  'mt-2 flex flex-wrap items-center gap-2 rounded-xl border border-indigo-200 bg-indigo-50 p-3 text-sm dark:border-indigo-900 dark:bg-indigo-950/40';

type State =
  | { kind: 'ready' }
  | { kind: 'busy' }
  | { kind: 'done'; message: string }
  | { kind: 'failed'; message: string };

/**
 * A proposed change: it states exactly what will happen and does nothing until the user confirms.
 * Success shows only once the API answered 2xx (its own message); an error shows the API's message
 * and the card stays ready to try again; once done the button stays disabled.
 */
export function ConfirmCard({
  title,
  changes = [],
  context,
  label,
  run,
  variant = 'primary',
}: {
  title: string;
  /** "Quantity 5 → 10" lines: what changes from what to what. */
  changes?: string[];
  context?: string | undefined;
  label: string;
  run: (() => Promise<string>) | undefined;
  variant?: 'primary' | 'danger';
}) {
  const [state, setState] = useState<State>({ kind: 'ready' });
  const confirm = async () => {
    if (!run) return;
    setState({ kind: 'busy' });
    try {
      setState({ kind: 'done', message: await run() });
    } catch (error) {
      setState({
        kind: 'failed',
        message: errorMessage(error, 'That did not go through. Please try again.'),
      });
    }
  };
  return (
    <div className={CARD_FRAME} data-testid="saytrix-action-card">
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-medium break-words text-slate-900 dark:text-white">{title}</p>
        {changes.map((c) => (
          <p key={c} className="text-slate-700 dark:text-slate-300">
            {c}
          </p>
        ))}
        {context ? (
          <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="saytrix-context">
            {context}
          </p>
        ) : null}
      </div>
      <Button
        size="sm"
        variant={variant}
        loading={state.kind === 'busy'}
        disabled={!run || state.kind === 'done'}
        title={run ? undefined : 'Not available here'}
        onClick={() => void confirm()}
      >
        {label}
      </Button>
      {state.kind === 'done' ? (
        <p role="status" className="w-full text-emerald-700 dark:text-emerald-300">
          {state.message}
        </p>
      ) : null}
      {state.kind === 'failed' ? (
        <p role="alert" className="w-full text-red-700 dark:text-red-300">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
