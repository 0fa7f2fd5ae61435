/**
 * An event's description in the detail dialog, with its translation (docs/product/calendar.md#routes): Norwegian to
 * English or the reverse, by the interface language, offered when the server has a translation service.
 */
import { Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateText, useTranslationAvailable } from '../calendarApi';

export function EventDescription({ description }: { description: string }) {
  const { t, i18n } = useTranslation();
  const canTranslate = useTranslationAvailable();
  const [translated, setTranslated] = useState<string | null>(null);
  const [translateError, setTranslateError] = useState(false);
  const [translating, setTranslating] = useState(false);

  const translate = async () => {
    const target = i18n.language === 'en' ? 'en' : 'nb';
    setTranslating(true);
    setTranslateError(false);
    try {
      const answer = await translateText({
        text: description,
        targetLanguage: target,
        sourceLanguage: target === 'en' ? 'nb' : 'en',
      });
      if (!answer.success || !answer.translatedText) throw new Error(answer.error ?? undefined);
      setTranslated(answer.translatedText);
    } catch {
      setTranslateError(true);
    } finally {
      setTranslating(false);
    }
  };

  return (
    <Box>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
        {translated ?? description}
      </Typography>
      {canTranslate && (
        <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center' }}>
          {translated === null ? (
            <Button size="small" onClick={translate} disabled={translating}>
              {translating ? t('calendar.detail.translating') : t('calendar.detail.translate')}
            </Button>
          ) : (
            <Button size="small" onClick={() => setTranslated(null)}>
              {t('calendar.detail.showOriginal')}
            </Button>
          )}
          {translateError && (
            <Typography variant="caption" color="error">
              {t('calendar.detail.translateFailed')}
            </Typography>
          )}
        </Stack>
      )}
    </Box>
  );
}
