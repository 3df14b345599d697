import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@glyphary/shared';
import { expectConsoleError } from '../../test/setup.ts';
import { useAuth } from './use-auth.ts';

describe('useAuth', () => {
  it('throws the spec message outside an AuthProvider', () => {
    expectConsoleError(); // React reports the render error
    expect(() => renderHook(() => useAuth())).toThrow(new Error(MSG.authContextMissing));
  });
});
