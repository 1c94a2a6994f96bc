import { Mic, Send } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import type { SaytrixChatState } from './use-saytrix-chat';

/** The question field with its voice and send buttons, and the "listening" note under it. */
export function SaytrixComposer({ s, page }: { s: SaytrixChatState; page: boolean }) {
  const { input, micOn, voice } = s;
  const narrow = useMediaQuery(MOBILE_QUERY);
  return (
    <>
      <form
        className="flex min-w-0 items-end gap-1.5 rounded-2xl border border-slate-300 bg-white p-2 shadow-sm dark:border-slate-600 dark:bg-slate-900"
        onSubmit={(e) => {
          e.preventDefault();
          void s.send(input);
        }}
      >
        <textarea
          ref={s.inputRef}
          value={input}
          onChange={(e) => s.setInput(e.target.value)}
          onKeyDown={s.onKeyDown}
          rows={1}
          maxLength={500}
          aria-label="Message Saytrix"
          // The shortcuts need a keyboard and the room of the full page; a phone or the panel gets the short text.
          placeholder={page && !narrow ? 'Ask Saytrix… (Ctrl+M for voice, Ctrl+K to clear)' : 'Ask Saytrix…'}
          aria-keyshortcuts="Control+M Control+K"
          className="max-h-32 min-h-10 min-w-0 flex-1 resize-none bg-transparent px-2 py-2 text-sm text-slate-900 outline-none placeholder:text-slate-500 dark:text-white dark:placeholder:text-slate-400"
        />
        <button
          type="button"
          onClick={() => void voice.start()}
          disabled={!micOn}
          aria-label={voice.listening ? 'Stop listening' : 'Ask by voice'}
          aria-pressed={voice.listening}
          aria-keyshortcuts="Control+M"
          title={micOn ? undefined : 'Turn the mic on to ask by voice'}
          className={cn(
            'shrink-0 rounded-full p-2 text-slate-700 hover:bg-slate-100 disabled:opacity-50 dark:text-slate-200 dark:hover:bg-slate-800',
            voice.listening && 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300',
          )}
        >
          <Mic aria-hidden="true" className="size-5" />
        </button>
        <button
          type="submit"
          disabled={s.busy || !input.trim()}
          aria-label="Send"
          className="shrink-0 rounded-full bg-indigo-600 p-2 text-white hover:bg-indigo-700 disabled:bg-indigo-400 dark:disabled:bg-indigo-900"
        >
          <Send aria-hidden="true" className="size-5" />
        </button>
      </form>
      {voice.listening ? (
        <p className="mt-1 text-xs text-red-700 dark:text-red-300">Listening… speak now</p>
      ) : null}
    </>
  );
}
