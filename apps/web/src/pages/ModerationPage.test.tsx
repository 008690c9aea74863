import { apiRoutes } from '@bid/contract';
import type { HeldItem, ModerationQueueItem } from '@bid/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiUrl } from '@/lib/apiClient';
import { renderAt } from '@/testing/renderAt';
import ModerationPage from './ModerationPage';

const HOUR = 3_600_000;

const report = (overrides: Partial<ModerationQueueItem>): ModerationQueueItem => ({
  id: 'r1',
  targetType: 'auction',
  targetId: 'a1',
  targetSummary: 'Coffee by the lake',
  reason: 'scam_or_fraud',
  details: 'Asks for money first',
  status: 'open',
  createdAt: new Date(Date.now() - 2 * HOUR).toISOString(),
  dueAt: new Date(Date.now() + 22 * HOUR).toISOString(),
  ageMinutes: 125,
  isOverdue: false,
  reporter: { id: 'u1', name: 'Ann Reporter' },
  reportedUser: { id: 'u2', name: 'Hal Host', isSuspended: false },
  earlierReportsAgainstMember: 1,
  resolution: null,
  ...overrides,
});

function renderPage(role: 'member' | 'moderator', queue: ModerationQueueItem[], held: HeldItem[] = []) {
  const fetchMock = vi.fn((url: string) => {
    const body = url.startsWith(apiRoutes.getCurrentUser.path)
      ? { id: 'me', role, interests: [], openToDatesWith: [] }
      : url.startsWith(apiUrl('listVerificationReviews', {}))
        ? []
        : url.startsWith(apiUrl('listRefundRequests', {}))
          ? { requests: [] }
          : url.startsWith('/api/moderation/held')
            ? held
            : queue;
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  renderAt(<ModerationPage />, '/moderation');
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('moderation page (docs/trust-and-safety.md)', () => {
  it('shows the 404 page to a member who is not a moderator, without asking for the queue', async () => {
    const fetchMock = renderPage('member', []);
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([apiRoutes.getCurrentUser.path]);
  });

  it('lists open reports with their age, marks overdue ones, and names both members', async () => {
    renderPage('moderator', [
      report({ id: 'late', targetSummary: 'Old report', isOverdue: true, ageMinutes: 26 * 60 + 5 }),
      report({}),
    ]);
    const rows = await screen.findAllByTestId('report-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Overdue')).toBeInTheDocument();
    expect(rows[0]!.textContent).toContain('Waiting 1d 2h');
    expect(within(rows[1]!).queryByText('Overdue')).toBeNull();
    expect(rows[1]!.textContent).toContain('Waiting 2h 5m');
    expect(rows[1]!.textContent).toContain(
      'Reported by Ann Reporter · about Hal Host · 1 earlier report against this member',
    );
    expect(within(rows[1]!).getByText('Scam or fraud')).toBeInTheDocument();
  });

  it('shows the refund request queue too', async () => {
    renderPage('moderator', []);
    expect(await screen.findByRole('heading', { name: 'Refund requests' })).toBeInTheDocument();
    expect(await screen.findByText('No open refund requests.')).toBeInTheDocument();
  });

  it('asks for reasons before resolving, and offers hiding only for auction reports', async () => {
    renderPage('moderator', [report({ targetType: 'user', targetSummary: 'Hal Host' })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve report' });
    const options = within(dialog)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Dismiss', 'Warn the member', 'Suspend the member']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Write the reasons for your decision');
  });

  it('shows what screening held with the matched words highlighted, and asks for reasons before deciding', async () => {
    const held: HeldItem = {
      kind: 'auction',
      id: 'a9',
      member: { id: 'u3', name: 'Hana Host' },
      fields: { title: 'Sexy rooftop bar night', description: 'Cocktails with a view.' },
      reasons: [{ category: 'sexual', field: 'title', excerpt: 'Sexy' }],
      heldAt: new Date().toISOString(),
    };
    renderPage('moderator', [], [held]);
    const row = await screen.findByTestId('held-item');
    expect(row.textContent).toContain('Listing by Hana Host');
    const marks = row.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['Sexy']);
    fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(within(row).getByRole('alert').textContent).toBe('Please give a reason');
  });
});
