import { apiRoutes } from '@bid/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordToasts } from '@/testing/toasts';
import { apiUrl } from '@/lib/apiClient';
import { AUTH_USER_KEY, type CurrentUser, useAuth } from '@/lib/useAuth';
import { createQueryClient } from '@/lib/queryClient';
import { uploadUrlWithoutQuery } from '@/lib/uploads';
import { uploadProfileImage, useUploadProfileImage } from './uploadProfileImage';

describe('uploadUrlWithoutQuery (docs/product.md §7)', () => {
  it.each([
    [
      apiUrl('receiveLocalUpload', { params: { grantId: 'abc' }, query: { expires: 1, signature: 'xyz' } }),
      apiUrl('receiveLocalUpload', { params: { grantId: 'abc' }, query: {} }),
    ],
    [
      'https://bucket.s3.example.com/uploads/abc?X-Amz-Signature=1&X-Amz-Expires=300',
      'https://bucket.s3.example.com/uploads/abc',
    ],
    ['https://example.com/uploads/abc#part', 'https://example.com/uploads/abc'],
    ['https://example.com/uploads/abc', 'https://example.com/uploads/abc'],
    ['/uploads/abc?', '/uploads/abc'],
  ])('%s -> %s', (url, expected) => {
    expect(uploadUrlWithoutQuery(url)).toBe(expected);
  });
});

const UPLOAD_URL = apiUrl('receiveLocalUpload', {
  params: { grantId: 'grant-1' },
  query: { expires: 123, signature: 's1' },
});
const IMAGE_URL = apiUrl('getImage', { params: { name: '0b6f.jpg' } });
const CREATE_UPLOAD_URL = apiUrl('createUploadUrl', {});
const PROFILE_IMAGE = apiUrl('replaceProfileImage', { body: { imageURL: '' } });
const user = { id: 'u1', profileImageUrl: IMAGE_URL } as CurrentUser;

type Answer = { status: number; body?: unknown };
function stubFetch(answers: { upload?: Answer; put?: Answer; profile?: Answer; me?: Answer }) {
  const json = (a: Answer) =>
    new Response(a.body === undefined ? null : JSON.stringify(a.body), {
      status: a.status,
      headers: { 'Content-Type': 'application/json' },
    });
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === CREATE_UPLOAD_URL) return json(answers.upload ?? { status: 200, body: { uploadURL: UPLOAD_URL } });
    if (url === UPLOAD_URL) return json(answers.put ?? { status: 204 });
    if (url === PROFILE_IMAGE) return json(answers.profile ?? { status: 200, body: user });
    if (url === apiRoutes.getCurrentUser.path) return json(answers.me ?? { status: 200, body: user });
    throw new Error(`unexpected ${init?.method} ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const jpeg = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });

beforeEach(() => {
  vi.stubGlobal('location', { href: 'http://localhost/profile' });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('uploadProfileImage (docs/product.md §7 upload flow)', () => {
  it('asks for an upload URL, PUTs the image there with its type, then names it without the query', async () => {
    const fetchMock = stubFetch({});
    const image = jpeg();
    await expect(uploadProfileImage(image)).resolves.toEqual(user);

    expect(fetchMock.mock.calls.map(([url, init]) => [init?.method, url])).toEqual([
      ['POST', CREATE_UPLOAD_URL],
      ['PUT', UPLOAD_URL],
      ['PUT', PROFILE_IMAGE],
    ]);
    const [, put] = fetchMock.mock.calls[1]!;
    expect(put?.body).toBe(image);
    expect(put?.headers).toEqual({ 'Content-Type': 'image/jpeg' });
    expect(put?.credentials).toBe('same-origin');
    const [, profile] = fetchMock.mock.calls[2]!;
    expect(JSON.parse(profile?.body as string)).toEqual({
      imageURL: apiUrl('receiveLocalUpload', { params: { grantId: 'grant-1' }, query: {} }),
    });
  });

  it('stops before the profile call when the upload is refused', async () => {
    const fetchMock = stubFetch({ put: { status: 413, body: { message: 'too big', code: 'payload_too_large' } } });
    await expect(uploadProfileImage(jpeg())).rejects.toMatchObject({ step: 'upload' });
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain(PROFILE_IMAGE);
  });
});

function renderUpload() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(AUTH_USER_KEY, { ...user, profileImageUrl: null });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  // The page watches the current user, so an invalidation refetches it.
  const auth = renderHook(() => useAuth(), { wrapper });
  const upload = renderHook(() => useUploadProfileImage(), { wrapper });
  const toasts = recordToasts();
  return { queryClient, auth, upload, toasts };
}

describe('useUploadProfileImage (docs/product.md §8 toasts)', () => {
  it("refreshes the current user and toasts 'Profile Image Updated'", async () => {
    const fetchMock = stubFetch({});
    const { auth, upload, toasts } = renderUpload();
    const currentUserCalls = () => fetchMock.mock.calls.filter(([url]) => url === apiRoutes.getCurrentUser.path).length;
    const before = currentUserCalls();
    act(() => upload.result.current.mutate(jpeg()));
    await waitFor(() => expect(toasts.last()).toMatchObject({ title: 'Profile Image Updated' }));
    expect(toasts.last()?.variant).toBeUndefined();
    expect(auth.result.current.user?.profileImageUrl).toBe(IMAGE_URL);
    expect(currentUserCalls()).toBe(before + 1);
  });

  it.each([
    ['asking for an upload URL', { upload: { status: 500 } }, 'Failed to upload image'],
    ['the upload itself', { put: { status: 403 } }, 'Failed to upload image'],
    ['pointing the profile at it', { profile: { status: 500 } }, 'Failed to update profile image. Please try again.'],
  ])("a failure in %s toasts 'Upload Failed' with the spec's text", async (_step, answers, description) => {
    stubFetch(answers);
    const { queryClient, upload, toasts } = renderUpload();
    act(() => upload.result.current.mutate(jpeg()));
    await waitFor(() =>
      expect(toasts.last()).toMatchObject({
        title: 'Upload Failed',
        description,
        variant: 'destructive',
      }),
    );
    expect(queryClient.getQueryData<CurrentUser>(AUTH_USER_KEY)?.profileImageUrl).toBeNull();
  });

  it("shows the server's own message when it gives one", async () => {
    stubFetch({
      profile: { status: 400, body: { message: 'That image was not uploaded by you.', code: 'validation' } },
    });
    const { upload, toasts } = renderUpload();
    act(() => upload.result.current.mutate(jpeg()));
    await waitFor(() =>
      expect(toasts.last()).toMatchObject({
        title: 'Upload Failed',
        description: 'That image was not uploaded by you.',
      }),
    );
  });

  it('a 401 at any step follows the Unauthorized path', async () => {
    stubFetch({ upload: { status: 401, body: { message: 'Unauthorized', code: 'unauthorized' } } });
    const { upload, toasts } = renderUpload();
    act(() => upload.result.current.mutate(jpeg()));
    await waitFor(() =>
      expect(toasts.last()).toMatchObject({
        title: 'Unauthorized',
        description: 'You are logged out. Logging in again...',
        variant: 'destructive',
      }),
    );
  });
});
