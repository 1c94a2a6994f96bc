type Sonner = typeof import('sonner');
type Toast = Sonner['toast'];

let sonner: Promise<Sonner> | null = null;

/**
 * The toast library (about 10 kB gzipped) is fetched after the first render, by the Toaster or by
 * the first toast. A toast raised before the Toaster mounts is not lost: sonner hands the active
 * toasts to a Toaster when it subscribes.
 */
export function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner');
  return sonner;
}

/** Shows a toast once the library is loaded; every toast in the app goes through here. */
export function showToast(show: (toast: Toast) => void): void {
  void loadSonner().then(({ toast }) => show(toast));
}

/** Per-type toast durations; one place so every screen agrees. */
export const TOAST_DURATIONS = { info: 3000, success: 3000, warning: 4000, error: 5000 } as const;

export const notify = {
  info: (message: string, id?: string) =>
    showToast((toast) => toast.info(message, { duration: TOAST_DURATIONS.info, id })),
  success: (message: string, id?: string) =>
    showToast((toast) => toast.success(message, { duration: TOAST_DURATIONS.success, id })),
  warning: (message: string, id?: string) =>
    showToast((toast) => toast.warning(message, { duration: TOAST_DURATIONS.warning, id })),
  error: (message: string, id?: string) =>
    showToast((toast) => toast.error(message, { duration: TOAST_DURATIONS.error, id })),
};
