import { UNAUTHORIZED_REDIRECT_DELAY_MS, apiRoutes } from '@bid/contract';
import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordToasts } from '@/testing/toasts';
import { ApiError } from './api';
import { onMutationError } from './unauthorized';

const fallback = { title: 'Update Failed', description: 'Failed to update profile' };

describe('mutation errors (docs/product.md §8)', () => {
  let location: { href: string };
  beforeEach(() => {
    vi.useFakeTimers();
    location = { href: 'http://localhost/profile' };
    vi.stubGlobal('location', location);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a 401 toasts Unauthorized and goes to /api/login after the delay', () => {
    const toasts = recordToasts();
    act(() => onMutationError(new ApiError(401, '{"message":"Unauthorized","code":"unauthorized"}'), fallback));
    expect(toasts.last()).toMatchObject({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
    });
    act(() => {
      vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_DELAY_MS - 1);
    });
    expect(location.href).toBe('http://localhost/profile');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(location.href).toBe(apiRoutes.startProviderSignIn.path);
  });

  it("shows the server's message, or the fallback when there is none", () => {
    const toasts = recordToasts();
    act(() =>
      onMutationError(
        new ApiError(400, '{"message":"Bio must be less than 500 characters","code":"validation"}'),
        fallback,
      ),
    );
    expect(toasts.last()).toMatchObject({
      title: 'Update Failed',
      description: 'Bio must be less than 500 characters',
      variant: 'destructive',
    });
    act(() => onMutationError(new ApiError(502, '<html>Bad Gateway</html>'), fallback));
    expect(toasts.last()).toMatchObject({ title: 'Update Failed', description: 'Failed to update profile' });
    act(() => onMutationError(new TypeError('Failed to fetch'), fallback));
    expect(toasts.last()).toMatchObject({ description: 'Failed to update profile' });
    act(() => {
      vi.runAllTimers();
    });
    expect(location.href).toBe('http://localhost/profile');
  });
});
