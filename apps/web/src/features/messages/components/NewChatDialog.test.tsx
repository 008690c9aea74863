import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import { NewChatDialog } from './NewChatDialog';

const ME = '11111111-1111-4111-8111-111111111111';
const BEA = { id: '22222222-2222-4222-8222-222222222222', firstName: 'Bea', lastName: 'Bright', profileImageUrl: null };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubFetch(respond: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => respond(input, init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderDialog() {
  const onStarted = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NewChatDialog open onOpenChange={onOpenChange} myId={ME} onStarted={onStarted} />
    </QueryClientProvider>,
  );
  return { onStarted, onOpenChange };
}

const startButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Start Chat' });
const searchCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/search/users'));

async function typeSearch(value: string) {
  fireEvent.change(screen.getByLabelText('Search users'), { target: { value } });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(300);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('new chat dialog (docs/product.md §2, §5)', () => {
  it('searches only for non-empty text, after the 300 ms debounce, and leaves me out', async () => {
    const fetchMock = stubFetch(() => json({ users: [BEA, { ...BEA, id: ME, firstName: 'Me' }] }));
    renderDialog();
    await typeSearch('   ');
    expect(searchCalls(fetchMock)).toHaveLength(0);
    expect(screen.getByText('Start typing to search...')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: ' be' } });
    expect(searchCalls(fetchMock)).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    await waitFor(() => expect(searchCalls(fetchMock)).toHaveLength(1));
    expect(searchCalls(fetchMock)[0]![0]).toBe('/api/search/users?q=be');
    expect(await screen.findByRole('button', { name: /Bea Bright/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Me/ })).toBeNull();
  });

  it('needs a picked user and a non-empty message, then starts the chat with trimmed text', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (init?.method === 'POST') return json({ conversationId: `${ME}-${BEA.id}` }, 201);
      return json({ users: [BEA] });
    });
    const { onStarted, onOpenChange } = renderDialog();
    expect(startButton().disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hi Bea!' } });
    expect(startButton().disabled).toBe(true);

    await typeSearch('bea');
    fireEvent.click(await screen.findByRole('button', { name: /Bea Bright/ }));
    expect(startButton().disabled).toBe(false);

    fireEvent.change(screen.getByLabelText('Message'), { target: { value: '   ' } });
    expect(startButton().disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Message'), { target: { value: '  Hi Bea!  ' } });
    fireEvent.click(startButton());
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith(`${ME}-${BEA.id}`, BEA));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/conversations/start');
    expect(JSON.parse(post[1]?.body as string)).toEqual({ receiverId: BEA.id, message: 'Hi Bea!' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says so when the server has no user search yet (404)', async () => {
    stubFetch(() => new Response('Not found', { status: 404 }));
    renderDialog();
    await typeSearch('bea');
    expect(await screen.findByText('User search is not available yet.')).toBeInTheDocument();
  });
});
