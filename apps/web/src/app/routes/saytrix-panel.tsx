import { SaytrixChat } from '../../features/saytrix/components/saytrix-chat';
import { useSaytrixActions } from './saytrix-actions';

/** The compact panel: the same conversation as /saytrix, over whichever screen is open. */
export function SaytrixPanel({ onClose }: { onClose: () => void }) {
  const { handlers, dialog } = useSaytrixActions();
  return (
    <>
      <section
        aria-label="Saytrix assistant"
        className="fixed inset-x-2 bottom-20 z-40 flex h-[70dvh] flex-col rounded-2xl border border-slate-200 bg-white p-3 shadow-2xl sm:left-auto sm:w-[400px] md:right-6 md:bottom-6 dark:border-slate-700 dark:bg-slate-950"
      >
        <SaytrixChat variant="panel" handlers={handlers} onClose={onClose} />
      </section>
      {dialog}
    </>
  );
}
