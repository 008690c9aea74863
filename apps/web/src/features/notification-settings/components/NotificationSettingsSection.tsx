import {
  NOTIFICATION_TYPE_LABELS,
  type NotificationChannel,
  type NotificationPreference,
  type OutOfAppNotificationType,
} from '@bid/contract';
import { Bell, BellOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { onMutationError } from '@/lib/unauthorized';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/preferences';
import { usePushPublicKey } from '../api/push';
import type { DevicePushState } from '../devicePush';
import { useDevicePush } from '../useDevicePush';

const CHANNEL_LABELS: Record<NotificationChannel, string> = { email: 'E-mail', push: 'Push' };

const DEVICE_STATE_TEXT: Record<DevicePushState | 'loading' | 'server-off', string> = {
  loading: 'Checking this device…',
  unsupported: 'This browser cannot show notifications. On iPhone, add BidYourDate to your Home Screen first.',
  blocked: 'Notifications are blocked for this site in your browser settings.',
  on: 'Notifications are on for this device.',
  off: 'Notifications are off for this device.',
  'server-off': 'Push notifications are not available right now.',
};

/**
 * "Notifications" on the own profile page (docs/notifications.md): an e-mail and a push switch
 * per kind of alert, and this device's push state with a button to turn it on or off.
 */
export function NotificationSettingsSection() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const publicKey = usePushPublicKey();
  const device = useDevicePush();
  const serverKey = publicKey.data?.publicKey ?? null;
  const deviceState = publicKey.isSuccess && serverKey === null ? 'server-off' : device.state;

  const onToggle = (type: OutOfAppNotificationType, channel: NotificationChannel, enabled: boolean) =>
    update.mutate(
      { preferences: [{ type, [channel]: enabled }] },
      {
        onError: (error) =>
          onMutationError(error, { title: 'Not saved', description: 'Failed to save your notification settings' }),
      },
    );

  const onDevice = async (turnOn: boolean) => {
    try {
      if (turnOn && serverKey) await device.turnOn(serverKey);
      else await device.turnOff();
    } catch (error) {
      toast({
        title: turnOn ? 'Notifications not turned on' : 'Notifications not turned off',
        description: error instanceof Error ? error.message : 'Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Card aria-labelledby="notification-settings-title" data-testid="notification-settings">
      <CardHeader>
        <CardTitle level={2} id="notification-settings-title">
          Notifications
        </CardTitle>
        <CardDescription>
          Choose which alerts reach you by e-mail and as push notifications on your devices. The bell in the app always
          shows everything.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-secondary/30 p-4">
          <p className="text-sm" data-testid="device-push-state">
            {DEVICE_STATE_TEXT[deviceState]}
          </p>
          {deviceState === 'on' && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={device.busy}
              onClick={() => void onDevice(false)}
            >
              <BellOff aria-hidden="true" className="size-4" /> Turn off on this device
            </Button>
          )}
          {deviceState === 'off' && serverKey && (
            <Button type="button" size="sm" disabled={device.busy} onClick={() => void onDevice(true)}>
              <Bell aria-hidden="true" className="size-4" /> Turn on on this device
            </Button>
          )}
        </div>
        {preferences.isLoading && <p className="text-sm">Loading your notification settings...</p>}
        {preferences.isError && <p className="text-sm text-danger">Failed to load your notification settings</p>}
        {preferences.data && (
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="pb-2 font-medium">
                  Alert
                </th>
                {(['email', 'push'] as const).map((channel) => (
                  <th key={channel} scope="col" className="w-20 pb-2 text-center font-medium">
                    {CHANNEL_LABELS[channel]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preferences.data.preferences.map((preference) => (
                <PreferenceRow key={preference.type} preference={preference} onToggle={onToggle} />
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

function PreferenceRow({
  preference,
  onToggle,
}: {
  preference: NotificationPreference;
  onToggle: (type: OutOfAppNotificationType, channel: NotificationChannel, enabled: boolean) => void;
}) {
  const label = NOTIFICATION_TYPE_LABELS[preference.type];
  return (
    <tr className="border-t border-black/5">
      <td className="py-2 pr-2">{label}</td>
      {(['email', 'push'] as const).map((channel) => (
        <td key={channel} className="py-2 text-center">
          <input
            type="checkbox"
            role="switch"
            className="size-5 accent-primary"
            aria-label={`${CHANNEL_LABELS[channel]}: ${label}`}
            checked={preference[channel]}
            onChange={(event) => onToggle(preference.type, channel, event.target.checked)}
          />
        </td>
      ))}
    </tr>
  );
}
