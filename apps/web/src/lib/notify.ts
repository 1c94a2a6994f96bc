import { toast } from 'sonner';

/** DESIGN.md §3: per-type durations; one place so every screen agrees. */
export const TOAST_DURATIONS = { info: 3000, success: 3000, warning: 4000, error: 5000 } as const;

export const notify = {
  info: (message: string, id?: string) => toast.info(message, { duration: TOAST_DURATIONS.info, id }),
  success: (message: string, id?: string) => toast.success(message, { duration: TOAST_DURATIONS.success, id }),
  warning: (message: string, id?: string) => toast.warning(message, { duration: TOAST_DURATIONS.warning, id }),
  error: (message: string, id?: string) => toast.error(message, { duration: TOAST_DURATIONS.error, id }),
};
