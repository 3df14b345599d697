import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CODE_FILTER_LABELS, type GlyphFilters } from '@glyphary/shared';
import { filtersFromParams, withFilters } from '../lib/filters.ts';
import { FilterBar } from './filter-bar.tsx';

describe('FilterBar code filters (issue 50)', () => {
  it('toggles No trackers / No network as pressed buttons, kept in the URL as without=', () => {
    const onChange = vi.fn<(next: GlyphFilters) => void>();
    const { rerender } = render(<FilterBar filters={{}} onChange={onChange} />);
    const row = screen.getByRole('group', { name: 'Filter by what the code does' });
    fireEvent.click(within(row).getByRole('button', { name: CODE_FILTER_LABELS.trackers }));
    expect(onChange).toHaveBeenLastCalledWith({ without: ['trackers'] });

    rerender(<FilterBar filters={{ without: ['trackers'] }} onChange={onChange} />);
    expect(screen.getByRole('button', { name: CODE_FILTER_LABELS.trackers }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: CODE_FILTER_LABELS.network }));
    expect(onChange).toHaveBeenLastCalledWith({ without: ['trackers', 'network'] });

    const params = withFilters(new URLSearchParams('q=clock'), { without: ['network', 'trackers'] });
    expect(params.get('without')).toBe('network,trackers');
    expect(filtersFromParams(params).without).toEqual(['trackers', 'network']);
    expect(filtersFromParams(new URLSearchParams('without=cookies')).without).toEqual([]);
  });
});
