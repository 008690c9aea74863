import { Bell } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { usePushPublicKey } from '../api/push';
import { isPushSupported, resyncDevicePush, turnOnDevicePush } from '../devicePush';

/** The prompt waits this long after sign-in: never on first paint, never in the way of what the member came for. */
export const PUSH_PROMPT_DELAY_MS = 8_000;
/** Once answered ("Not now" or either outcome), this device is not asked again; the profile can still turn it on. */
const ANSWERED_KEY = 'bidyourdate.push-prompt-answered';

function alreadyAnswered(): boolean {
  try {
    return localStorage.getItem(ANSWERED_KEY) !== null;
  } catch {
    return true;
  }
}

/** Also called when onboarding's notification step is answered, so this device is not asked twice. */
export function rememberPushPromptAnswer(): void {
  try {
    localStorage.setItem(ANSWERED_KEY, new Date().toISOString());
  } catch {
    // Private mode without storage: the prompt may come back next visit, which is harmless.
  }
}

/**
 * The calm offer to turn on notifications on this device (docs/notifications.md): a small card
 * above the page, a while after sign-in, only where the browser can push, the server has push on, and the
 * member has neither decided in the browser nor answered this card before.
 */
export function PushPrompt() {
  const publicKey = usePushPublicKey();
  const serverKey = publicKey.data?.publicKey ?? null;
  const [visible, setVisible] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void resyncDevicePush().catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!serverKey || !isPushSupported() || Notification.permission !== 'default' || alreadyAnswered()) return;
    const timer = setTimeout(() => setVisible(true), PUSH_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [serverKey]);

  if (!visible || !serverKey) return null;

  const close = () => {
    rememberPushPromptAnswer();
    setVisible(false);
  };
  const turnOn = async () => {
    setBusy(true);
    try {
      await turnOnDevicePush(serverKey);
      toast({ title: 'Notifications on', description: 'You will hear about bids and wins on this device.' });
    } catch (error) {
      toast({
        title: 'Notifications not turned on',
        description: error instanceof Error ? error.message : 'Please try again from your profile.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
      close();
    }
  };

  return (
    // In the page's flow, not over it: it never covers what the member is doing.
    <section
      aria-labelledby="push-prompt-title"
      data-testid="push-prompt"
      className="mx-auto mt-4 w-[calc(100%-2rem)] max-w-5xl rounded-xl border border-black/10 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <Bell aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
        <div className="space-y-3">
          <div>
            <p id="push-prompt-title" className="font-semibold">
              Get alerts on this device?
            </p>
            <p className="text-sm text-neutral-text/80">
              Know at once when you are outbid, win a date or get a message, even when BidYourDate is closed.
            </p>
          </div>
          <div className="flex gap-2">
            <Button type="button" size="sm" disabled={busy} onClick={() => void turnOn()}>
              Turn on
            </Button>
            <Button type="button" size="sm" variant="ghost" disabled={busy} onClick={close}>
              Not now
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
