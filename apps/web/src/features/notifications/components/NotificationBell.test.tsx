import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/testing/renderAt';
import type { AppNotification } from '../api/notifications';
import { NotificationBell } from './NotificationBell';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function notification(overrides: Partial<AppNotification>): AppNotification {
  return {
    id: 'n1',
    type: 'bid_received',
    title: 'New bid on your auction',
    message: 'Ben bid $25 on Coffee by the lake',
    isRead: false,
    relatedAuctionId: 'a1',
    relatedUserId: 'u2',
    createdAt: minutesAgo(5),
    ...overrides,
  };
}

interface Server {
  list: AppNotification[] | (() => Promise<Response>);
  calls: string[];
}

function stubServer(server: Server) {
  const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      server.calls.push(`${init?.method ?? 'GET'} ${url}`);
      const list = server.list;
      if (url === '/api/notifications') return typeof list === 'function' ? list() : json(list);
      if (url === '/api/notifications/count') {
        return typeof list === 'function' ? json({ count: 0 }) : json({ count: list.filter((n) => !n.isRead).length });
      }
      if (url === '/api/notifications/mark-all-read' && typeof list !== 'function') {
        server.list = list.map((n) => ({ ...n, isRead: true }));
        return json({ updated: list.length });
      }
      const read = /^\/api\/notifications\/([^/]+)\/read$/.exec(url);
      if (read && typeof list !== 'function') {
        server.list = list.map((n) => (n.id === read[1] ? { ...n, isRead: true } : n));
        return json({ success: true });
      }
      return Promise.resolve(new Response('not found', { status: 404 }));
    }),
  );
}

function renderBell() {
  const location = renderAt(<NotificationBell />, '/');
  return location;
}

const bell = () => screen.getByTestId('notification-bell');
/**
 * Enter on the bell, as a keyboard user opens it. A browser also turns that Enter into a click,
 * which jsdom does not: the first press (a plain button that loads the dropdown's code and opens
 * it, NotificationBell) listens for the click, the loaded Radix trigger for the key.
 */
const openDropdown = () => {
  fireEvent.keyDown(bell(), { key: 'Enter' });
  if (bell().getAttribute('data-state') !== 'open') fireEvent.click(bell());
};

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('notification bell (docs/product.md §2 "Notification dropdown")', () => {
  it("shows the unread count on the badge, and '9+' above 9", async () => {
    const server: Server = {
      list: Array.from({ length: 12 }, (_, i) => notification({ id: `n${i}` })),
      calls: [],
    };
    stubServer(server);
    renderBell();
    await waitFor(() => expect(screen.getByTestId('notification-badge').textContent).toBe('9+'));
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 12 unread');
  });

  it('shows the exact count up to 9 and no badge when all are read', async () => {
    stubServer({ list: [notification({ id: 'a' }), notification({ id: 'b' })], calls: [] });
    renderBell();
    await waitFor(() => expect(screen.getByTestId('notification-badge').textContent).toBe('2'));
    cleanup();
    stubServer({ list: [notification({ isRead: true })], calls: [] });
    renderBell();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });

  it('says Loading notifications... until the list arrives', async () => {
    stubServer({ list: () => new Promise<Response>(() => {}), calls: [] });
    renderBell();
    openDropdown();
    const dropdown = await screen.findByTestId('notification-dropdown');
    expect(within(dropdown).getByText('Notifications')).toBeInTheDocument();
    expect(within(dropdown).getByText('Loading notifications...')).toBeInTheDocument();
    expect(within(dropdown).getByText('Close')).toBeInTheDocument();
  });

  it('says No notifications yet, with no Mark all read, when there are none', async () => {
    stubServer({ list: [], calls: [] });
    renderBell();
    openDropdown();
    const dropdown = await screen.findByTestId('notification-dropdown');
    await within(dropdown).findByText('No notifications yet');
    expect(within(dropdown).queryByText('Mark all read')).toBeNull();
    expect(screen.getByTestId('notification-list').style.maxHeight).toBe('320px');
  });

  it('lists notifications with relative times and icons; Mark all read only while unread ones exist', async () => {
    const server: Server = {
      list: [
        notification({ id: 'n1', type: 'outbid', title: 'You were outbid', createdAt: minutesAgo(5) }),
        notification({
          id: 'n2',
          type: 'auction_cancelled',
          title: 'Auction cancelled',
          createdAt: minutesAgo(60 * 3),
        }),
        notification({
          id: 'n3',
          type: 'message_received',
          title: 'New message',
          isRead: true,
          createdAt: minutesAgo(60 * 49),
        }),
      ],
      calls: [],
    };
    stubServer(server);
    renderBell();
    openDropdown();
    const dropdown = await screen.findByTestId('notification-dropdown');
    await within(dropdown).findByText('You were outbid');
    const items = within(dropdown).getAllByTestId('notification-item');
    expect(items.map((i) => i.getAttribute('data-read'))).toEqual(['false', 'false', 'true']);
    expect(within(items[0]!).getByText('5m')).toBeInTheDocument();
    expect(within(items[1]!).getByText('3h')).toBeInTheDocument();
    expect(within(items[2]!).getByText('2d')).toBeInTheDocument();
    expect(items[0]!.querySelector('[data-icon]')?.getAttribute('data-icon')).toBe('outbid');
    expect(items[1]!.querySelector('[data-icon]')?.getAttribute('data-icon')).toBe('default');
    expect(items[2]!.querySelector('[data-icon]')?.getAttribute('data-icon')).toBe('message_received');

    fireEvent.click(within(dropdown).getByText('Mark all read'));
    await waitFor(() => expect(server.calls).toContain('POST /api/notifications/mark-all-read'));
    // Both reads are fetched again, and the button goes once nothing is unread.
    await waitFor(() => expect(within(dropdown).queryByText('Mark all read')).toBeNull());
    expect(server.calls.filter((c) => c === 'GET /api/notifications').length).toBeGreaterThanOrEqual(2);
    expect(server.calls.filter((c) => c === 'GET /api/notifications/count').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });

  it('marks a clicked notification read and opens its auction, or /messages for a message', async () => {
    const server: Server = {
      list: [
        notification({ id: 'n1', title: 'New bid', relatedAuctionId: 'auction-7' }),
        notification({ id: 'n2', type: 'message_received', title: 'New message', isRead: true }),
      ],
      calls: [],
    };
    stubServer(server);
    const location = renderBell();
    openDropdown();
    fireEvent.click(await screen.findByText('New bid'));
    await waitFor(() => expect(server.calls).toContain('POST /api/notifications/n1/read'));
    expect(location.history?.at(-1)).toBe('/auction/auction-7');
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull());

    openDropdown();
    fireEvent.click(await screen.findByText('New message'));
    expect(location.history?.at(-1)).toBe('/messages');
    // An already-read notification is not marked again.
    expect(server.calls).not.toContain('POST /api/notifications/n2/read');
  });
});
