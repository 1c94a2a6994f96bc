import { SaytrixChat } from '../../features/saytrix/components/saytrix-chat';
import { useSaytrixActions } from './saytrix-actions';

/** /saytrix: the chat with the order dialog and the watchlist composed in. */
export function SaytrixRoute() {
  const { handlers, dialog } = useSaytrixActions();
  return (
    <>
      <SaytrixChat variant="page" handlers={handlers} />
      {dialog}
    </>
  );
}
