/**
 * The language a person reads the service's messages in (mails, notifications): what their app last told
 * (POST /api/notifications/register), Norwegian by default (docs/product/notifications.md#what-it-is-for). It is the
 * person's, so the users module keeps it and provides the lookup under USER_LANGUAGE; common declares it so a domain
 * that users sits above (notifications) can read it without importing users.
 */
export const LANGUAGES = ['nb', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface UserLanguages {
  /** The person's language; nb when they never said. */
  languageOf(userId: number): Promise<Language>;
  setLanguage(userId: number, language: Language): Promise<void>;
}

export const USER_LANGUAGE = Symbol('UserLanguages');
