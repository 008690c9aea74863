import {
  NOTIFICATION_TYPE_LABELS,
  type NotificationChannel,
  type NotificationPreference,
  type OutOfAppNotificationType,
} from '@bid/contract';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { onMutationError } from '@/lib/unauthorized';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/preferences';
import { DevicePushControl } from './DevicePushControl';

const CHANNEL_LABELS: Record<NotificationChannel, string> = { email: 'E-mail', push: 'Push' };

/**
 * "Notifications" on the own profile page (docs/notifications.md): an e-mail and a push switch
 * per kind of alert, and this device's push state with a button to turn it on or off.
 */
export function NotificationSettingsSection() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();

  const onToggle = (type: OutOfAppNotificationType, channel: NotificationChannel, enabled: boolean) =>
    update.mutate(
      { preferences: [{ type, [channel]: enabled }] },
      {
        onError: (error) =>
          onMutationError(error, { title: 'Not saved', description: 'Failed to save your notification settings' }),
      },
    );

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
        <DevicePushControl />
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
