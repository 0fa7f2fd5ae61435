/**
 * The company's customer-service contact details: system settings staff give in the back office (the system page's
 * contact card), shown in the sidebar, on the login page and on /support. A detail staff have not given is not shown:
 * a fresh install shows none rather than an invented number (docs/operations.md, "Company contact details").
 */
import { useTranslation } from 'react-i18next';
import type { SystemSetting } from '../api/types';
import { settingValue, useSystemSettings } from './systemSettings';

export const CONTACT_KEYS = ['contact.phone', 'contact.email', 'contact.website', 'contact.faqUrl', 'contact.openingHours.nb', 'contact.openingHours.en'] as const;
export type ContactKey = (typeof CONTACT_KEYS)[number];

export interface SupportContactDetails {
  phone: string | null;
  email: string | null;
  website: string | null;
  faqUrl: string | null;
  /** In the reader's language, or the Norwegian text where staff gave no English one. */
  openingHours: string | null;
}

export function contactFrom(settings: readonly SystemSetting[] | undefined, language: string): SupportContactDetails {
  const value = (key: ContactKey) => settingValue(settings, key);
  const hoursNb = value('contact.openingHours.nb');
  return {
    phone: value('contact.phone'),
    email: value('contact.email'),
    website: value('contact.website'),
    faqUrl: value('contact.faqUrl'),
    openingHours: language.startsWith('en') ? (value('contact.openingHours.en') ?? hoursNb) : hoursNb,
  };
}

/** Whether staff have given any way to reach customer service. */
export const hasContact = (contact: SupportContactDetails) => Object.values(contact).some((value) => value !== null);

/** A phone number as a tel: link wants it (no spaces, dashes or parentheses). */
export const telHref = (phone: string) => `tel:${phone.replace(/[\s()-]/g, '')}`;

export function useSupportContact(): SupportContactDetails {
  const { i18n } = useTranslation();
  return contactFrom(useSystemSettings(), i18n.language);
}
