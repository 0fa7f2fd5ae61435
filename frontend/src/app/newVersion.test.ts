import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh module per test: the 'reloading' flag is module state, as it is for one page. */
async function freshModule() {
  vi.resetModules();
  return import('./newVersion');
}

describe('reloadOnceForNewVersion', () => {
  beforeEach(() => sessionStorage.clear());

  it('reloads once per build: a second missing part on the same build shows the error instead of looping', async () => {
    const first = await freshModule();
    const reload = vi.fn();
    expect(first.reloadOnceForNewVersion('build-A', sessionStorage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.isReloadingForNewVersion()).toBe(true);

    // The reload landed on the same build (the server lost the file): no second reload.
    const afterReload = await freshModule();
    const again = vi.fn();
    expect(afterReload.reloadOnceForNewVersion('build-A', sessionStorage, again)).toBe(false);
    expect(again).not.toHaveBeenCalled();
    expect(afterReload.isReloadingForNewVersion()).toBe(false);
  });

  it('reloads again on a later build: each deploy gets its one reload', async () => {
    sessionStorage.setItem('reloadedFromBuild', 'build-A');
    const page = await freshModule();
    const reload = vi.fn();
    expect(page.reloadOnceForNewVersion('build-B', sessionStorage, reload)).toBe(true);
    expect(sessionStorage.getItem(page.RELOADED_FROM_BUILD_KEY)).toBe('build-B');
  });

  it('asks for one reload however many parts fail at once', async () => {
    const page = await freshModule();
    const reload = vi.fn();
    page.reloadOnceForNewVersion('build-A', sessionStorage, reload);
    page.reloadOnceForNewVersion('build-A', sessionStorage, reload);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads without session storage', async () => {
    const page = await freshModule();
    const reload = vi.fn();
    expect(page.reloadOnceForNewVersion('build-A', null, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('isChunkLoadError', () => {
  it("knows the browsers' failed-import messages and nothing else", async () => {
    const { isChunkLoadError } = await freshModule();
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a-1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://x/assets/a-1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for http://x/assets/a-1.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
