/**
 * A feed's stored sync error and warning in the reader's language. The server keeps each with a message code and
 * its parameters (errors.feed.* in the catalogue) beside the text staff used to read; a feed synced before codes
 * existed has only the text, which is shown as it is.
 */
import { codedText, type MessageParams, type Translator } from '../api/client';

export interface SyncState {
  lastError: string | null;
  lastErrorCode?: string | null;
  lastErrorParams?: Record<string, unknown> | null;
  lastWarning: string | null;
  lastWarningCode?: string | null;
  lastWarningParams?: Record<string, unknown> | null;
}

/** A message's parameters: the server's strings and numbers (the OpenAPI document only knows them as an object). */
export const messageParams = (params: Record<string, unknown> | null | undefined) => (params ?? undefined) as MessageParams | undefined;

const say = (message: string | null, code: string | null | undefined, params: Record<string, unknown> | null | undefined, i18n?: Translator) =>
  message === null ? null : codedText({ code: code ?? undefined, params: messageParams(params), message }, message, i18n);

export const lastErrorText = (feed: SyncState, i18n?: Translator): string | null => say(feed.lastError, feed.lastErrorCode, feed.lastErrorParams, i18n);

export const lastWarningText = (feed: SyncState, i18n?: Translator): string | null => say(feed.lastWarning, feed.lastWarningCode, feed.lastWarningParams, i18n);
