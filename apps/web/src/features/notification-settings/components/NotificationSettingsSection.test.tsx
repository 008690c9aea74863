import { OUT_OF_APP_NOTIFICATION_TYPES, type NotificationPreference } from '@bid/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import { NotificationSettingsSection } from './NotificationSettingsSection';

describe('the profile Notifications section', () => {
  let preferences: NotificationPreference[];
  let puts: unknown[];

  beforeEach(() => {
    preferences = OUT_OF_APP_NOTIFICATION_TYPES.map((type) => ({ type, email: true, push: true }));
    puts = [];
    const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (url === '/api/notification-preferences' && init?.method === 'PUT') {
          const body = JSON.parse(init.body as string) as { preferences: Partial<NotificationPreference>[] };
          puts.push(body);
          for (const change of body.preferences) {
            preferences = preferences.map((p) => (p.type === change.type ? { ...p, ...change } : p));
          }
          return json({ preferences });
        }
        if (url === '/api/notification-preferences') return json({ preferences });
        if (url === '/api/push/public-key') return json({ publicKey: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQ' });
        return Promise.resolve(new Response('not found', { status: 404 }));
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows an e-mail and a push switch per type and saves a change at once', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <NotificationSettingsSection />
      </QueryClientProvider>,
    );
    const isOn = (name: string) => screen.getByRole<HTMLInputElement>('switch', { name }).checked;
    const outbidEmail = await screen.findByRole('switch', { name: "E-mail: You've been outbid" });
    expect(screen.getAllByRole('switch')).toHaveLength(OUT_OF_APP_NOTIFICATION_TYPES.length * 2);
    expect(isOn("E-mail: You've been outbid")).toBe(true);
    fireEvent.click(outbidEmail);
    await waitFor(() => expect(puts).toEqual([{ preferences: [{ type: 'outbid', email: false }] }]));
    await waitFor(() => expect(isOn("E-mail: You've been outbid")).toBe(false));
    expect(isOn("Push: You've been outbid")).toBe(true);
    // This browser (jsdom) cannot push, and the section says so instead of offering a button.
    await waitFor(() =>
      expect(screen.getByTestId('device-push-state').textContent).toContain('This browser cannot show notifications.'),
    );
    expect(screen.queryByRole('button', { name: 'Turn on on this device' })).toBeNull();
  });
});
