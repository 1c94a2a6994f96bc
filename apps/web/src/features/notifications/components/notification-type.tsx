import { CircleCheck, CircleX, Info, Siren, TriangleAlert, type LucideIcon } from 'lucide-react';
import { normaliseNotificationType, type NotificationType } from '@nivesh/shared';
import { cn } from '../../../lib/cn';

/** One colour and icon per type (check, cross, warning sign, info sign, siren). */
export const NOTIFICATION_TYPE_META: Record<
  NotificationType,
  { label: string; icon: LucideIcon; text: string; tint: string }
> = {
  success: { label: 'Success', icon: CircleCheck, text: 'text-[#10B981]', tint: 'bg-[#10B981]/12' },
  error: { label: 'Error', icon: CircleX, text: 'text-[#EF4444]', tint: 'bg-[#EF4444]/12' },
  warning: { label: 'Warning', icon: TriangleAlert, text: 'text-[#F59E0B]', tint: 'bg-[#F59E0B]/15' },
  info: { label: 'Info', icon: Info, text: 'text-[#3B82F6]', tint: 'bg-[#3B82F6]/12' },
  alert: { label: 'Alert', icon: Siren, text: 'text-[#F97316]', tint: 'bg-[#F97316]/12' },
};

export function NotificationTypeIcon({ type, size = 'md' }: { type: string; size?: 'sm' | 'md' }) {
  const meta = NOTIFICATION_TYPE_META[normaliseNotificationType(type)];
  const Icon = meta.icon;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full',
        meta.tint,
        size === 'sm' ? 'size-8' : 'size-10',
      )}
      role="img"
      aria-label={meta.label}
    >
      <Icon aria-hidden="true" className={cn(meta.text, size === 'sm' ? 'size-4' : 'size-5')} />
    </span>
  );
}
