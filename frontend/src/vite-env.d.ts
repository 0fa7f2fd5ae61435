/// <reference types="vite/client" />

/** Build identifier injected by vite `define` (vite.config.ts); changes on every deployed build. */
declare const __APP_VERSION__: string;
