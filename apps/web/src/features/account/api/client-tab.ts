import { CLIENT_TAB_HEADER } from '@nivesh/shared';

/**
 * This tab's name, sent with every order command. The server's announcements of that change
 * (`order-update`, the notification) carry it back, and this tab has already told its user from
 * the reply — so a fill toast or an outcome toast is shown once, without keeping any record here.
 */
const THIS_TAB = crypto.randomUUID();

export const clientTabHeaders: Readonly<Record<string, string>> = { [CLIENT_TAB_HEADER]: THIS_TAB };

/** Whether an announcement is of a change this tab asked for (and so already toasted). */
export function askedHere(tab: string | undefined): boolean {
  return tab === THIS_TAB;
}
