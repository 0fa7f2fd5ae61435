/**
 * Worker thread of the login-flood benchmark: the flooding person's client. It runs beside the app rather than on
 * its event loop, as an attacker's client runs on their own machine; on this one it still takes a core's share.
 * Keeps `concurrency` requests in flight until told to stop, then reports how many it sent and how many were refused.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { probe } from './http-probe';

export interface LoginFloodersInput {
  url: string;
  username: string;
  password: string;
  /** The Cookie header of the person's signed-in session, the re-authentications' source. */
  signedIn: string;
  concurrency: number;
}

/** Messages to the main thread. */
export type LoginFloodersMessage = { type: 'stopped'; requests: number; refused: number } | { type: 'failed'; error: string };

function post(url: string, path: string, body: unknown, cookie?: string) {
  const text = JSON.stringify(body);
  const headers = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...(cookie && { cookie }) };
  return probe(`${url}${path}`, { method: 'POST', headers, body: text });
}

async function main(): Promise<void> {
  const { url, username, password, signedIn, concurrency } = workerData as LoginFloodersInput;
  let flooding = true;
  let requests = 0;
  let refused = 0;
  parentPort!.on('message', (m) => {
    if (m === 'stop') flooding = false;
  });
  /** A new code step of the person's: the password again (five wrong codes end a step); undefined when refused. */
  const pendingStep = async (): Promise<string | undefined> => {
    const res = await post(url, '/api/login', { username, password });
    requests++;
    if (res.status === 429) refused++;
    return [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('connect.sid='))?.split(';')[0];
  };
  const flooders = Array.from({ length: concurrency }, async (_, i) => {
    while (flooding) {
      if (i % 2) {
        const pending = await pendingStep();
        for (let n = 0; pending && n < 5 && flooding; n++) {
          const res = await post(url, '/api/login/2fa', { code: 'qqqqq-qqqqq' }, pending);
          requests++;
          if (res.status === 429) refused++;
        }
      } else {
        const res = await post(url, '/api/user/reauth', { password: `wrong-${requests}` }, signedIn);
        requests++;
        if (res.status === 429) refused++;
      }
    }
  });
  await Promise.all(flooders);
  parentPort!.postMessage({ type: 'stopped', requests, refused } satisfies LoginFloodersMessage);
  parentPort!.close();
}

main().catch((e) => parentPort!.postMessage({ type: 'failed', error: String(e?.message ?? e) } satisfies LoginFloodersMessage));
