/** Polls until `check` returns a truthy value (or fails after `ms`). */
export async function waitFor<T>(check: () => Promise<T> | T, what: string, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
