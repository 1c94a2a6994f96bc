import { X } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { ChatHeader } from './chat-header';
import type { SaytrixActionHandlers } from './saytrix-actions';
import { SaytrixComposer } from './saytrix-composer';
import { SaytrixConversation } from './saytrix-conversation';
import { useSaytrixChat } from './use-saytrix-chat';
import { WakeWordChip } from './wake-word-chip';

export interface SaytrixChatProps {
  variant: 'page' | 'panel';
  handlers: SaytrixActionHandlers;
  onClose?: () => void;
}

/** The Saytrix conversation: page (/saytrix) and the compact panel share it and the server-side history. */
export function SaytrixChat({ variant, handlers, onClose }: SaytrixChatProps) {
  const s = useSaytrixChat();
  const { error, micOn, voice } = s;
  const page = variant === 'page';
  return (
    <div
      className={cn('flex min-h-0 flex-col', page ? 'h-[calc(100dvh-8rem)]' : 'h-full')}
      data-testid={`saytrix-${variant}`}
    >
      <ChatHeader
        page={page}
        name={s.name}
        mode={s.mode}
        onMode={s.switchMode}
        micOn={micOn}
        onMic={s.toggleMic}
        onClear={s.clearAll}
        onClose={onClose}
      />
      {page ? <WakeWordChip onWake={() => (micOn ? void voice.start() : undefined)} /> : null}

      {error ? (
        <div
          role="alert"
          className="mt-3 flex items-start justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-200"
        >
          <span>{error}</span>
          <button
            type="button"
            onClick={() => s.setError(null)}
            aria-label="Dismiss"
            className="rounded p-0.5 hover:bg-amber-100 dark:hover:bg-amber-900"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}

      <SaytrixConversation s={s} handlers={handlers} />

      {s.scopeNote ? (
        <p className="px-1 text-xs text-slate-600 dark:text-slate-300" data-testid="saytrix-scope">
          {s.scopeNote}
        </p>
      ) : null}
      <SaytrixComposer s={s} page={page} />
    </div>
  );
}
