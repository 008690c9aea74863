import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordToasts } from '@/testing/toasts';
import { AUTH_USER_KEY, type CurrentUser } from '@/lib/useAuth';
import { apiQueryKey, apiUrl } from '@/lib/apiClient';
import { createQueryClient } from '@/lib/queryClient';
import { messagesKey } from '../api/messages';
import type { ChatMessage } from '../types';
import { ChatPane } from './ChatPane';

const ME = '11111111-1111-4111-8111-111111111111';
const THEM = '22222222-2222-4222-8222-222222222222';
const CONVERSATION = `${ME}-${THEM}`;

const me = { id: ME, firstName: 'Amy', lastName: 'Able' } as CurrentUser;

const message = (over: Partial<ChatMessage>): ChatMessage => ({
  id: 'm1',
  conversationId: CONVERSATION,
  senderId: THEM,
  receiverId: ME,
  content: 'Hello!',
  isRead: true,
  createdAt: new Date(Date.now() - 5.5 * 60_000).toISOString(),
  ...over,
});

type Responder = (url: string, init?: RequestInit) => Response | Promise<Response>;

function stubFetch(respond: Responder) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => respond(input, init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderPane(options: { withAgo?: boolean; messages?: ChatMessage[] } = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(AUTH_USER_KEY, me);
  render(
    <QueryClientProvider client={queryClient}>
      <ChatPane conversationId={CONVERSATION} otherUser={{ id: THEM, name: 'Bea Bright' }} withAgo={options.withAgo} />
    </QueryClientProvider>,
  );
  const toasts = recordToasts();
  return { queryClient, toasts };
}

const box = () => screen.getByLabelText<HTMLTextAreaElement>('Type a message');
const sendButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Send message' });
const posts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('chat pane (docs/product.md §2 Messages, §4 Chat, §5 Chat)', () => {
  it('shows the name, the messages with relative times, and no Online label when presence is unknown', async () => {
    stubFetch((url) => (url.includes('/messages') ? json([message({})]) : new Response('Not found', { status: 404 })));
    renderPane();
    expect(screen.getByTestId('chat-partner-name').textContent).toBe('Bea Bright');
    expect(await screen.findByText('Hello!')).toBeInTheDocument();
    expect(screen.getByText('5m')).toBeInTheDocument();
    expect(screen.queryByText('Online')).toBeNull();
  });

  it("adds 'ago' in the chat widget", async () => {
    stubFetch((url) => (url.includes('/messages') ? json([message({})]) : json({ online: false })));
    renderPane({ withAgo: true });
    expect(await screen.findByText('5m ago')).toBeInTheDocument();
    expect(screen.queryByText('Online')).toBeNull();
  });

  it('says Online only when the server says the other person is online', async () => {
    stubFetch((url) => (url.includes('/presence') ? json({ online: true }) : json([])));
    renderPane();
    expect(await screen.findByText('Online')).toBeInTheDocument();
  });

  it('sends the trimmed text with Enter, keeps Shift+Enter for a new line, and refuses whitespace', async () => {
    const sent = message({ id: 'm2', senderId: ME, receiverId: THEM, content: 'See you at 5', isRead: false });
    const fetchMock = stubFetch((url, init) => {
      if (init?.method === 'POST') return json(sent, 201);
      return url.includes('/messages') ? json([]) : json({ online: false });
    });
    renderPane();
    await screen.findByText('No messages yet. Say hello!');

    fireEvent.change(box(), { target: { value: '   \n ' } });
    expect(sendButton().disabled).toBe(true);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(posts(fetchMock)).toHaveLength(0);

    fireEvent.change(box(), { target: { value: '  See you at 5 ' } });
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    expect(posts(fetchMock)).toHaveLength(0);

    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    const [url, init] = posts(fetchMock)[0]!;
    expect(url).toBe('/api/messages');
    expect(JSON.parse(init?.body as string)).toEqual({
      conversationId: CONVERSATION,
      receiverId: THEM,
      content: 'See you at 5',
    });
    expect(await screen.findByText('See you at 5')).toBeInTheDocument();
    await waitFor(() => expect(box().value).toBe(''));
  });

  /** Sends 'Hi' where the POST answers `failure`; resolves with the toast it shows. */
  async function sendHiFailing(failure: () => Response) {
    stubFetch((url, init) => {
      if (init?.method === 'POST') return failure();
      return url.includes('/messages') ? json([]) : json({ online: false });
    });
    const { toasts } = renderPane();
    fireEvent.change(box(), { target: { value: 'Hi' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(toasts.last()).toBeDefined());
    return toasts.last();
  }

  it("shows 'Message Failed' when sending fails, and keeps the text", async () => {
    const shown = await sendHiFailing(() => new Response('', { status: 500, statusText: 'Internal Server Error' }));
    expect(shown).toMatchObject({
      title: 'Message Failed',
      description: 'Failed to send message. Please try again.',
    });
    expect(box().value).toBe('Hi');
  });

  it('treats a 401 as Unauthorized', async () => {
    const shown = await sendHiFailing(() => json({ message: 'Unauthorized', code: 'unauthorized' }, 401));
    expect(shown).toMatchObject({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
    });
  });

  it('reads the open conversation from its own URL', async () => {
    const fetchMock = stubFetch((url) => (url.includes('/messages') ? json([]) : json({ online: false })));
    renderPane();
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
        apiUrl('listConversationMessages', { params: { '*': `${CONVERSATION}/messages` }, query: {} }),
      ),
    );
    expect(messagesKey(CONVERSATION)).toEqual(
      apiQueryKey('listConversationMessages', { params: { '*': `${CONVERSATION}/messages` }, query: {} }),
    );
  });
});
