import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { collectRenderedParts, preloadableLazy, preloadLazyComponents, preloadParts } from './preloadable-lazy.tsx';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('preloadableLazy', () => {
  it('lists the parts a render drew, and only those', async () => {
    const Shown = preloadableLazy('test-shown', async () => Greeting);
    const Hidden = preloadableLazy('test-hidden', async () => Greeting);
    await preloadLazyComponents();
    function Page({ withHidden }: { withHidden: boolean }) {
      return (
        <div>
          <Shown name="Ada" />
          <Shown name="Lin" />
          {withHidden ? <Hidden name="never" /> : null}
        </div>
      );
    }
    const { result, parts } = collectRenderedParts(() => renderToString(<Page withHidden={false} />));
    expect(result).toContain('Hello <!-- -->Ada');
    expect(parts).toEqual(['test-shown']);
    // Outside a collection nothing is recorded.
    expect(collectRenderedParts(() => 'no render').parts).toEqual([]);
  });

  it('preloadParts loads the named modules once, and skips unknown names and failed loads', async () => {
    let loads = 0;
    const Counted = preloadableLazy('test-counted', async () => {
      loads += 1;
      return Greeting;
    });
    preloadableLazy('test-broken', () => Promise.reject(new Error('chunk failed')));
    await preloadParts(['test-counted', 'test-unknown', 'test-broken']);
    await preloadParts(['test-counted']);
    expect(loads).toBe(1);
    // Loaded: it renders at once (a part still loading would suspend, and renderToString would fail).
    expect(renderToString(<Counted name="Grace" />)).toContain('Grace');
  });
});
