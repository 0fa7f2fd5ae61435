/**
 * The settings that had no screen (docs/product/system.md#settings): the case upload quota (megabytes per person per
 * 24 hours), the upcoming appointments one owner may hold, and whether staff must use two-factor sign-in. An empty
 * number field means the default; the server checks each value (a whole number up to 1,000,000).
 */
import { FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { SystemSetting } from '../../api/types';
import { SavedSettings, SettingsCard } from './SavedSettings';

/** The number settings with the default the server uses while one is unset (backend system-settings.dto.ts). */
const COUNTS = [
  { key: 'cases.uploadQuotaMb', fallback: 200 },
  { key: 'appointments.maxUpcoming', fallback: 3 },
] as const;
const REQUIRE_STAFF_2FA = 'security.requireStaff2fa';
const TEXTS = 'resources.system.limits';

type Draft = Record<string, string>;

function savedValues(settings: readonly SystemSetting[]): Draft {
  const value = (key: string) => settings.find((setting) => setting.key === key)?.value ?? '';
  return Object.fromEntries([...COUNTS.map(({ key }) => [key, value(key)]), [REQUIRE_STAFF_2FA, value(REQUIRE_STAFF_2FA) === 'true' ? 'true' : 'false']]);
}

export function LimitsCard() {
  return (
    <SavedSettings loadFailedKey={`${TEXTS}.loadFailed`}>
      {(settings) => {
        const saved = savedValues(settings);
        return <LimitsForm key={Object.values(saved).join('\n')} saved={saved} />;
      }}
    </SavedSettings>
  );
}

function LimitsForm({ saved }: { saved: Draft }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`${TEXTS}.${key}`, options);
  const [draft, setDraft] = useState<Draft>(saved);
  // An emptied number field goes back to the default: the setting is written as the default's value.
  const valueOf = (key: string) => draft[key].trim() || String(COUNTS.find((c) => c.key === key)?.fallback ?? '');
  const changed = Object.keys(draft).filter((key) => draft[key].trim() !== saved[key]);

  return (
    <SettingsCard texts={TEXTS} changes={changed.map((key) => [key, valueOf(key)] as const)}>
      {COUNTS.map(({ key, fallback }) => (
        <TextField
          key={key}
          label={t(`fields.${key}`)}
          value={draft[key]}
          placeholder={String(fallback)}
          onChange={(e) => setDraft({ ...draft, [key]: e.target.value.replace(/\D/g, '').slice(0, 7) })}
          helperText={t(`help.${key}`, { default: fallback })}
          size="small"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      ))}
      <FormControlLabel
        control={<Switch checked={draft[REQUIRE_STAFF_2FA] === 'true'} onChange={(e) => setDraft({ ...draft, [REQUIRE_STAFF_2FA]: String(e.target.checked) })} />}
        label={t(`fields.${REQUIRE_STAFF_2FA}`)}
      />
      <Typography variant="body2" color="text.secondary">
        {t(`help.${REQUIRE_STAFF_2FA}`)}
      </Typography>
    </SettingsCard>
  );
}
