/**
 * The design settings (docs/product/system.md#settings): the front page's background and text and
 * the calendar's event colour, with a live preview of both before saving. Saved colours reach every visitor on
 * their next read of the public settings; this admin's own app has them at once.
 */
import { Alert, Box, Chip, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { contrastRatio, designFrom, DESIGN_KEYS, readableTextColor, type Design, type DesignKey } from '../../shared/design';
import { SavedSettings, SettingsCard } from './SavedSettings';

/** What the preview and the colour fields start from where staff have set nothing: the product's own look. */
const PRODUCT_LOOK: Record<DesignKey, string> = {
  'frontPage.backgroundColor': '#1d4ed8',
  'frontPage.textColor': '#ffffff',
  'calendar.eventColor': '#ef4444',
};
/** WCAG AA for text. */
const READABLE_CONTRAST = 4.5;
const COLOUR = /^#[0-9a-f]{6}$/i;

export function DesignCard() {
  return (
    <SavedSettings loadFailedKey="resources.system.design.loadFailed">
      {(settings) => {
        const saved = designFrom(settings);
        return <DesignForm key={DESIGN_KEYS.map((key) => saved[key]).join()} saved={saved} />;
      }}
    </SavedSettings>
  );
}

function DesignForm({ saved }: { saved: Design }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`resources.system.design.${key}`, options);
  const [draft, setDraft] = useState<Record<DesignKey, string>>(() => {
    const start = { ...PRODUCT_LOOK };
    for (const key of DESIGN_KEYS) start[key] = saved[key] ?? PRODUCT_LOOK[key];
    return start;
  });
  const valid = DESIGN_KEYS.every((key) => COLOUR.test(draft[key]));
  const changed = DESIGN_KEYS.filter((key) => draft[key].toLowerCase() !== (saved[key] ?? PRODUCT_LOOK[key]).toLowerCase());
  const contrast = valid ? contrastRatio(draft['frontPage.backgroundColor'], draft['frontPage.textColor']) : null;

  const field = (key: DesignKey) => (
    <Stack key={key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box
        component="input"
        type="color"
        value={COLOUR.test(draft[key]) ? draft[key] : PRODUCT_LOOK[key]}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => setDraft({ ...draft, [key]: e.target.value })}
        aria-label={t(`pick.${key}`)}
        sx={{ width: 48, height: 44, flexShrink: 0, p: 0, border: 'none', background: 'none', cursor: 'pointer' }}
      />
      <TextField
        label={t(`fields.${key}`)}
        value={draft[key]}
        onChange={(e) => setDraft({ ...draft, [key]: e.target.value.trim() })}
        error={!COLOUR.test(draft[key])}
        helperText={COLOUR.test(draft[key]) ? undefined : t('invalidColour')}
        size="small"
        sx={{ flexGrow: 1 }}
      />
    </Stack>
  );

  return (
    <SettingsCard texts="resources.system.design" changes={changed.map((key) => [key, draft[key]] as const)} canSave={valid}>
      {DESIGN_KEYS.map(field)}
      <Typography variant="subtitle2" component="h3">
        {t('preview')}
      </Typography>
      <Box
        data-testid="design-preview"
        sx={{ p: 3, borderRadius: 2, background: draft['frontPage.backgroundColor'], color: draft['frontPage.textColor'] }}
      >
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
          {translate('app.name')}
        </Typography>
        <Typography component="p">{translate('login.tagline')}</Typography>
        <Chip
          label={t('sampleEvent')}
          sx={{ mt: 2, bgcolor: draft['calendar.eventColor'], color: readableTextColor(draft['calendar.eventColor']), fontWeight: 600 }}
        />
      </Box>
      {contrast !== null && contrast < READABLE_CONTRAST && (
        <Alert severity="warning">{t('lowContrast', { ratio: contrast.toFixed(1) })}</Alert>
      )}
    </SettingsCard>
  );
}
