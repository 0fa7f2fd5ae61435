/** A QR code of a text, drawn in the browser; the QR library loads with the first code shown, never on a first screen. */
import { Box, Skeleton } from '@mui/material';
import { useEffect, useState } from 'react';

const SIZE = 200;

export function QrCode({ text, label }: { text: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(text, { width: SIZE, margin: 1, errorCorrectionLevel: 'M' }))
      .then((url) => live && setSrc(url))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text]);
  if (!src) return <Skeleton variant="rectangular" width={SIZE} height={SIZE} />;
  return <Box component="img" src={src} alt={label} width={SIZE} height={SIZE} sx={{ display: 'block', bgcolor: 'common.white' }} />;
}
