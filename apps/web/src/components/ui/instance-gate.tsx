import type { ReactNode } from 'react';
import { useInstance, type InstanceSettingsKey } from '../../lib/instance';
import { Spinner } from './spinner';

/**
 * A page the operator can switch off (GET /api/instance): until the settings arrive it waits,
 * off it says so under its title and renders nothing that would ask the refusing server.
 */
export function InstanceGate({
  setting,
  title,
  offMessage,
  testId,
  children,
}: {
  setting: InstanceSettingsKey;
  title: string;
  offMessage: string;
  testId: string;
  children: ReactNode;
}) {
  const instance = useInstance();
  if (!instance.loaded)
    return (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  if (!instance[setting])
    return (
      <div className="space-y-3" data-testid={testId}>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{title}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">{offMessage}</p>
      </div>
    );
  return children;
}
