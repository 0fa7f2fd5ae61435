/**
 * Open state for a dialog, drawer or popover whose code loads when first wanted: `mounted` turns true at the first
 * `show` and stays true, so nothing is downloaded before anyone asks for it, and a close still plays the closing
 * transition (the part stays mounted, closed).
 */
import { useCallback, useState } from 'react';

export function useLazyOpen() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const show = useCallback(() => {
    setMounted(true);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return { open, mounted, show, close };
}
