import { Bell, BellOff } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { usePushPublicKey } from '../api/push';
import type { DevicePushState } from '../devicePush';
import { useDevicePush } from '../useDevicePush';

export type DevicePushControlState = DevicePushState | 'loading' | 'server-off';

const DEVICE_STATE_TEXT: Record<DevicePushControlState, string> = {
  loading: 'Checking this device…',
  unsupported: 'This browser cannot show notifications. On iPhone, add BidYourDate to your Home Screen first.',
  blocked: 'Notifications are blocked for this site in your browser settings.',
  on: 'Notifications are on for this device.',
  off: 'Notifications are off for this device.',
  'server-off': 'Push notifications are not available right now.',
};

/**
 * This device's push state with a button to turn it on or off (docs/notifications.md): on the
 * profile's notification settings and in onboarding's last step. `onStateChange` hears every state.
 */
export function DevicePushControl({ onStateChange }: { onStateChange?: (state: DevicePushControlState) => void }) {
  const publicKey = usePushPublicKey();
  const device = useDevicePush();
  const serverKey = publicKey.data?.publicKey ?? null;
  const deviceState: DevicePushControlState = publicKey.isSuccess && serverKey === null ? 'server-off' : device.state;

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

  useEffect(() => onStateChange?.(deviceState), [deviceState, onStateChange]);

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-secondary/30 p-4">
      <p className="text-sm" data-testid="device-push-state">
        {DEVICE_STATE_TEXT[deviceState]}
      </p>
      {deviceState === 'on' && (
        <Button type="button" variant="outline" size="sm" disabled={device.busy} onClick={() => void onDevice(false)}>
          <BellOff aria-hidden="true" className="size-4" /> Turn off on this device
        </Button>
      )}
      {deviceState === 'off' && serverKey && (
        <Button type="button" size="sm" disabled={device.busy} onClick={() => void onDevice(true)}>
          <Bell aria-hidden="true" className="size-4" /> Turn on on this device
        </Button>
      )}
    </div>
  );
}
