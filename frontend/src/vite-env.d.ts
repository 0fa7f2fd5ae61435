/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

/** Build identifier injected by vite `define` (vite.config.ts); changes on every deployed build. */
declare const __APP_VERSION__: string;

/** One language's part of the catalogue, gathered from the i18n/{nb,en}.json files and split at build time (vite.config.ts). */
declare module 'virtual:catalogue/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
