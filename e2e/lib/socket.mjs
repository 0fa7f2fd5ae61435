/**
 * The page's /ws as a test sees it. The server pushes only to a socket whose `auth` message it has accepted, and
 * answers that message with `{ type: 'auth', ok: true }`: a test that sets off a signal before that answer arrived
 * could see its push go to no one on a loaded machine, so it waits for the answer, not for its own message to leave.
 */

/** Polls `condition` every 50 ms until it holds; fails naming `what` after `timeoutMs`. */
export async function until(condition, what, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const parsed = (payload) => {
  try {
    return JSON.parse(String(payload));
  } catch {
    return undefined;
  }
};

/** Collects the frames of the page's /ws from now on; `authenticated()` once the server accepted the socket's auth. */
export function watchSocket(page) {
  const frames = { sent: [], received: [] };
  page.on('websocket', (ws) => {
    if (!new URL(ws.url()).pathname.startsWith('/ws')) return;
    ws.on('framesent', ({ payload }) => frames.sent.push(String(payload)));
    ws.on('framereceived', ({ payload }) => frames.received.push(String(payload)));
  });
  const authenticated = () => frames.received.some((frame) => {
    const message = parsed(frame);
    return message?.type === 'auth' && message.ok === true;
  });
  return { frames, authenticated, untilAuthenticated: (timeoutMs) => until(authenticated, 'the server to accept the /ws auth message', timeoutMs) };
}
