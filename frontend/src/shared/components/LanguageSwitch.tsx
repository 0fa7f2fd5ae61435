import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { setLanguage, type Language } from '../../i18n';

/** Norsk / English switch; the choice is kept in localStorage 'language'. */
export function LanguageSwitch({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t, i18n } = useTranslation();
  const current: Language = i18n.language === 'en' ? 'en' : 'nb';
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      fullWidth={fullWidth}
      value={current}
      onChange={(_event, value: Language | null) => value && setLanguage(value)}
      aria-label={t('preferences.language')}
    >
      {/* Each language is named in itself, so both labels read the same in either language. */}
      <ToggleButton value="nb" lang="nb">
        {t('preferences.language_nb')}
      </ToggleButton>
      <ToggleButton value="en" lang="en">
        {t('preferences.language_en')}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
