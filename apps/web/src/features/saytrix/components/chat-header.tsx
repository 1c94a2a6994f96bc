import { Bot, Mic, MicOff, Trash2, X } from 'lucide-react';
import type { SaytrixMode } from '@nivesh/shared';
import { ToggleGroup } from '../../../components/ui/toggle-group';

const TOOL =
  'flex items-center gap-1 rounded-lg px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';

/** Brand, the Casual/Expert toggle, the mic toggle (Mic On / Mic Off), Clear, the user's name and Close. */
export function ChatHeader({
  page,
  name,
  mode,
  onMode,
  micOn,
  onMic,
  onClear,
  onClose,
}: {
  page: boolean;
  name: string;
  mode: SaytrixMode;
  onMode: (mode: SaytrixMode) => void;
  micOn: boolean;
  onMic: () => void;
  onClear: () => void;
  onClose: (() => void) | undefined;
}) {
  const close = onClose ? (
    <button
      type="button"
      onClick={onClose}
      aria-label="Close Saytrix"
      className={`rounded-lg p-1 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800 ${page ? '' : 'ml-auto'}`}
    >
      <X aria-hidden="true" className="size-5" />
    </button>
  ) : null;
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5 border-b border-slate-200 pb-3 dark:border-slate-700">
      <div className="flex items-center gap-2">
        <span className="flex size-8 items-center justify-center rounded-full bg-indigo-600 text-white">
          <Bot aria-hidden="true" className="size-5" />
        </span>
        {page ? (
          <h1 className="text-xl font-bold text-slate-900 dark:text-white">Saytrix</h1>
        ) : (
          <h2 className="font-semibold text-slate-900 dark:text-white">Saytrix</h2>
        )}
      </div>
      {page ? null : close}
      {/* In the 400 px panel the controls take their own row under the title and Close. */}
      <div className={`flex flex-wrap items-center gap-2 ${page ? '' : 'w-full'}`}>
        <ToggleGroup
          label="Answer mode"
          options={[
            { key: 'casual', label: 'Casual' },
            { key: 'expert', label: 'Expert' },
          ]}
          value={mode}
          onChange={onMode}
        />
        <button
          type="button"
          onClick={onMic}
          aria-pressed={micOn}
          title={micOn ? 'Voice input and spoken replies are on' : 'Voice input and spoken replies are off'}
          className={`${TOOL} border border-slate-300 dark:border-slate-600`}
        >
          {micOn ? (
            <Mic aria-hidden="true" className="size-4" />
          ) : (
            <MicOff aria-hidden="true" className="size-4" />
          )}
          {micOn ? 'Mic On' : 'Mic Off'}
        </button>
        <button type="button" onClick={onClear} className={TOOL} title="Clear the conversation">
          <Trash2 aria-hidden="true" className="size-4" />
          Clear
        </button>
      </div>
      {page ? (
        <span className="ml-auto min-w-0 truncate text-sm text-slate-600 dark:text-slate-400">{name}</span>
      ) : null}
      {page ? close : null}
    </div>
  );
}
