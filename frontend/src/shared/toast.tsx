/**
 * Toasts (docs/product/app.md#toasts): one visible at a time, 5 s by default. The newest result replaces whatever shows (a stale
 * error must not outlive the retry that worked), and an action that succeeds without a toast of its own clears a
 * standing error with `toast.clearError()`. A swipe right of more than 50 px dismisses a toast; F8 moves the focus
 * to the toast region (named, so screen readers find it), and a toast keeps still while it holds the focus.
 * Built on MUI Snackbar.
 */
import { Alert, AlertTitle, Portal, Snackbar } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode, type TouchEvent } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  /** 'error' is the spec's "destructive" toast. */
  severity?: 'success' | 'info' | 'warning' | 'error';
  durationMs?: number;
}

interface ShownToast extends ToastInput {
  id: number;
}

export type ShowToast = ((toast: ToastInput) => void) & {
  /** Closes the toast on screen if it reports a failure: the thing that failed has since worked. */
  clearError: () => void;
};

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_FOCUS_KEY = 'F8';

const ToastContext = createContext<ShowToast | null>(null);
let lastToastId = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  // The toast on stage and whether it is showing (false while it leaves).
  const [stage, setStage] = useState<{ toast: ShownToast | null; open: boolean }>({ toast: null, open: false });
  const current = stage.toast;
  const [held, setHeld] = useState(false);
  const regionRef = useRef<HTMLElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const swipeStartX = useRef<number | null>(null);
  const { t } = useTranslation();

  const show = useCallback((toast: ToastInput) => {
    lastToastId += 1;
    setStage({ toast: { ...toast, id: lastToastId }, open: true });
    setHeld(false);
  }, []);

  const clearError = useCallback(() => {
    setStage((shown) => (shown.toast?.severity === 'error' ? { ...shown, open: false } : shown));
  }, []);

  const value = useMemo<ShowToast>(() => Object.assign((toast: ToastInput) => show(toast), { clearError }), [show, clearError]);

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== TOAST_FOCUS_KEY) return;
      e.preventDefault();
      (alertRef.current ?? regionRef.current)?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const close = (_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setStage((shown) => ({ ...shown, open: false }));
  };

  const onTouchStart = (e: TouchEvent) => {
    swipeStartX.current = e.touches[0].clientX;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = swipeStartX.current;
    swipeStartX.current = null;
    if (start !== null && e.changedTouches[0].clientX - start > TOAST_SWIPE_THRESHOLD_PX) close();
  };

  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* In a portal of its own: a toast raised while a dialog is open must not sit in the part of the page the
          dialog hides from screen readers (aria-hidden on #root). */}
      <Portal>
        <section ref={regionRef} aria-label={t('common.notifications')} tabIndex={-1}>
          {current && (
            <Snackbar
              // A new toast is a new Snackbar: its own timer, no leftover of the one it replaces.
              key={current.id}
              open={stage.open}
              autoHideDuration={held ? null : (current.durationMs ?? TOAST_DURATION_MS)}
              onClose={close}
              slotProps={{ transition: { onExited: () => setStage((shown) => (shown.toast?.id === current.id ? { toast: null, open: false } : shown)) } }}
              anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            >
              <Alert
                ref={alertRef}
                tabIndex={-1}
                severity={current.severity ?? 'info'}
                variant="filled"
                onClose={close}
                closeText={t('common.close')}
                onFocus={() => setHeld(true)}
                onBlur={() => setHeld(false)}
                onTouchStart={onTouchStart}
                onTouchEnd={onTouchEnd}
                sx={{ width: '100%' }}
              >
                <AlertTitle>{current.title}</AlertTitle>
                {current.description}
              </Alert>
            </Snackbar>
          )}
        </section>
      </Portal>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider');
  return show;
}
