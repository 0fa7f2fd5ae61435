declare module 'on-headers' {
  import type { ServerResponse } from 'node:http';
  /** Calls `listener` just before the response writes its headers. */
  function onHeaders(res: ServerResponse, listener: (this: ServerResponse) => void): void;
  export = onHeaders;
}
