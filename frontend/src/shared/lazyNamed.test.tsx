/** Lazy parts: one whose module someone has loaded already renders at once, without its boundary's fallback. */
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyNamed, rememberLoaded } from './lazyNamed';

const Greeting = ({ name }: { name: string }) => <p>Hei, {name}</p>;

function renderInBoundary(Part: React.ComponentType<{ name: string }>) {
  return render(
    <Suspense fallback={<p>loading</p>}>
      <Part name="Kari" />
    </Suspense>,
  );
}

describe('lazyNamed', () => {
  it('renders a part whose module was loaded ahead in the first render, without the fallback', async () => {
    const load = rememberLoaded(() => Promise.resolve({ Greeting }));
    await load();
    renderInBoundary(lazyNamed(load, 'Greeting'));
    expect(screen.getByText('Hei, Kari')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('shows the fallback while a module not yet loaded arrives, then the part', async () => {
    let arrive: (module: { Greeting: typeof Greeting }) => void = () => undefined;
    const load = rememberLoaded(() => new Promise<{ Greeting: typeof Greeting }>((resolve) => (arrive = resolve)));
    renderInBoundary(lazyNamed(load, 'Greeting'));
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => arrive({ Greeting }));
    expect(await screen.findByText('Hei, Kari')).toBeInTheDocument();
  });

  it('loads through any loader, remembering or not', async () => {
    renderInBoundary(lazyNamed(() => Promise.resolve({ Greeting }), 'Greeting'));
    expect(await screen.findByText('Hei, Kari')).toBeInTheDocument();
  });
});
