import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkifiedText } from './linkified-text.tsx';

describe('LinkifiedText', () => {
  it('keeps line breaks, links http(s) URLs and renders markup as text', () => {
    const { container } = render(<LinkifiedText text={'Fixed <b>bold</b> bug.\nNotes: https://example.com/notes. javascript:alert(1)'} />);
    const paragraph = container.querySelector('p');
    expect(paragraph?.textContent).toBe('Fixed <b>bold</b> bug.\nNotes: https://example.com/notes. javascript:alert(1)');
    expect(container.querySelector('b')).toBeNull();
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('https://example.com/notes');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
  });
});
