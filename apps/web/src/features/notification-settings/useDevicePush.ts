import { useCallback, useEffect, useState } from 'react';
import { readDevicePushState, turnOffDevicePush, turnOnDevicePush, type DevicePushState } from './devicePush';

/** This device's push state, read on mount, and the two ways to change it. */
export function useDevicePush() {
  const [state, setState] = useState<DevicePushState | 'loading'>('loading');
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(async () => {
    setState(await readDevicePushState().catch((): DevicePushState => 'off'));
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const run = useCallback(
    async (change: () => Promise<void>) => {
      setBusy(true);
      try {
        await change();
      } finally {
        setBusy(false);
        await refresh();
      }
    },
    [refresh],
  );

  return {
    state,
    busy,
    turnOn: (publicKey: string) => run(() => turnOnDevicePush(publicKey)),
    turnOff: () => run(turnOffDevicePush),
  };
}
