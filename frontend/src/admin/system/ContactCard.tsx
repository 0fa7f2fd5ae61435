/**
 * The company's contact details for customer service (phone, e-mail, web address, FAQ link, opening hours in both
 * languages): shown to owners in the sidebar, on the login page and on /support. Each field left empty is not shown
 * anywhere; the server checks each value (a phone number, an e-mail address, an https address).
 */
import { TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { SystemSetting } from '../../api/types';
import { CONTACT_KEYS, type ContactKey } from '../../shared/supportContact';
import { SavedSettings, SettingsCard } from './SavedSettings';

type Draft = Record<ContactKey, string>;

const INPUT_TYPE: Partial<Record<ContactKey, string>> = { 'contact.phone': 'tel', 'contact.email': 'email', 'contact.website': 'url', 'contact.faqUrl': 'url' };

export function ContactCard() {
  return (
    <SavedSettings loadFailedKey="resources.system.contact.loadFailed">
      {(settings) => {
        const saved = savedContact(settings);
        return <ContactForm key={CONTACT_KEYS.map((key) => saved[key]).join('\n')} saved={saved} />;
      }}
    </SavedSettings>
  );
}

function savedContact(settings: readonly SystemSetting[]): Draft {
  const draft = {} as Draft;
  for (const key of CONTACT_KEYS) draft[key] = settings.find((setting) => setting.key === key)?.value ?? '';
  return draft;
}

function ContactForm({ saved }: { saved: Draft }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`resources.system.contact.${key}`, options);
  const [draft, setDraft] = useState<Draft>(saved);
  const changed = CONTACT_KEYS.filter((key) => draft[key].trim() !== saved[key]);

  return (
    <SettingsCard texts="resources.system.contact" description={t('help')} changes={changed.map((key) => [key, draft[key].trim()] as const)}>
      {CONTACT_KEYS.map((key) => (
        <TextField
          key={key}
          label={t(`fields.${key}`)}
          value={draft[key]}
          onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
          type={INPUT_TYPE[key] ?? 'text'}
          size="small"
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      ))}
    </SettingsCard>
  );
}
