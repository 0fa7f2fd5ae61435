/**
 * Toasts (SPEC §9): one visible at a time, 5 s by default; later ones wait their turn. Built on MUI Snackbar.
 */
import { Alert, AlertTitle, Portal, Snackbar } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  /** 'error' is the spec's "destructive" toast. */
  severity?: 'success' | 'info' | 'warning' | 'error';
  durationMs?: number;
}

interface QueuedToast extends ToastInput {
  id: number;
}

const DEFAULT_DURATION_MS = 5000;

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<QueuedToast[]>([]);
  const [open, setOpen] = useState(true);
  const { t } = useTranslation();

  const show = useCallback((toast: ToastInput) => {
    setQueue((current) => [...current, { ...toast, id: Date.now() + Math.random() }]);
  }, []);

  const current = queue[0];
  const close = (_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };
  // Once the closing animation is over the next toast (if any) takes the stage.
  const next = () => {
    setQueue((items) => items.slice(1));
    setOpen(true);
  };

  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* In a portal of its own: a toast raised while a dialog is open must not sit in the part of the page the
          dialog hides from screen readers (aria-hidden on #root). */}
      {current && (
        <Portal>
          <Snackbar
            key={current.id}
            open={open}
            autoHideDuration={current.durationMs ?? DEFAULT_DURATION_MS}
            onClose={close}
            slotProps={{ transition: { onExited: next } }}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          >
            <Alert severity={current.severity ?? 'info'} variant="filled" onClose={close} closeText={t('common.close')} sx={{ width: '100%' }}>
              <AlertTitle>{current.title}</AlertTitle>
              {current.description}
            </Alert>
          </Snackbar>
        </Portal>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): (toast: ToastInput) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider');
  return show;
}
