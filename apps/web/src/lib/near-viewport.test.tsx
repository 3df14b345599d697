import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NearViewport } from './near-viewport.tsx';

/** A stand-in IntersectionObserver: the test says when the observed element comes near. */
let observers: Array<{ callback: IntersectionObserverCallback; options: IntersectionObserverInit | undefined; targets: Element[]; disconnected: boolean }> = [];
class FakeIntersectionObserver {
  private readonly entry: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.entry = { callback, options, targets: [], disconnected: false };
    observers.push(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.push(target);
  }
  disconnect() {
    this.entry.disconnected = true;
  }
}

function comeNear(isIntersecting: boolean) {
  for (const observer of observers.filter((o) => !o.disconnected)) {
    const entries = observer.targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    act(() => observer.callback(entries, observer as unknown as IntersectionObserver));
  }
}

beforeEach(() => {
  observers = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});

describe('NearViewport', () => {
  it('renders only its placeholder on the server', () => {
    const html = renderToString(
      <NearViewport placeholderClassName="min-h-64">
        <h2>Comments</h2>
      </NearViewport>,
    );
    expect(html).not.toContain('Comments');
    expect(html).toContain('min-h-64');
  });

  it('keeps the placeholder until its place comes near the viewport, then renders the section', () => {
    const { container } = render(
      <NearViewport placeholderClassName="min-h-64">
        <h2>Comments</h2>
      </NearViewport>,
    );
    expect(screen.queryByRole('heading', { name: 'Comments' })).toBeNull();
    expect(observers).toHaveLength(1);
    expect(observers[0]!.targets[0]).toBe(container.querySelector('[data-near-viewport]'));
    // Observed with a margin: the section starts loading before it is on screen.
    expect(observers[0]!.options?.rootMargin).toMatch(/^\d+px 0px$/);

    comeNear(false);
    expect(screen.queryByRole('heading', { name: 'Comments' })).toBeNull();
    comeNear(true);
    expect(screen.getByRole('heading', { name: 'Comments' })).toBeTruthy();
    expect(container.querySelector('[data-near-viewport]')).toBeNull();
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('renders at once when forced, and stays rendered when the force ends', () => {
    const { rerender } = render(
      <NearViewport force>
        <h2>Releases</h2>
      </NearViewport>,
    );
    expect(screen.getByRole('heading', { name: 'Releases' })).toBeTruthy();
    rerender(
      <NearViewport force={false}>
        <h2>Releases</h2>
      </NearViewport>,
    );
    expect(screen.getByRole('heading', { name: 'Releases' })).toBeTruthy();
  });
});
