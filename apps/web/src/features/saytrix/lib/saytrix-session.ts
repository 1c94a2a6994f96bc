import { storage } from '../../../lib/storage';

/** One conversation per browser, kept on the server, so a reload shows it again. */
export function saytrixSessionId(): string {
  const existing = storage.get('saytrixSession');
  if (existing && /^[A-Za-z0-9_-]{1,100}$/.test(existing)) return existing;
  const id = `s_${crypto.randomUUID().replace(/-/g, '')}`;
  storage.set('saytrixSession', id);
  return id;
}

export function renewSaytrixSession(): string {
  storage.remove('saytrixSession');
  return saytrixSessionId();
}
