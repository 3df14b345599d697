import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkifiedText } from './linkified-text.tsx';

describe('LinkifiedText (comments render safely)', () => {
  it('makes http(s) links clickable with ugc rel and keeps the rest as text', () => {
    const { container } = render(
      <p>
        <LinkifiedText text="See https://example.com/a?b=1 and http://x.test." />
      </p>,
    );
    const link = screen.getByRole('link', { name: 'https://example.com/a?b=1' });
    expect(link.getAttribute('href')).toBe('https://example.com/a?b=1');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    expect(screen.getByRole('link', { name: 'http://x.test' }).getAttribute('href')).toBe('http://x.test/');
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(container.textContent).toBe('See https://example.com/a?b=1 and http://x.test.');
  });

  it('never turns other schemes or markup into links or HTML', () => {
    const { container } = render(
      <p>
        <LinkifiedText text={'javascript:alert(1) <img src=x onerror=alert(1)> data:text/html,hi'} />
      </p>,
    );
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
  });
});
