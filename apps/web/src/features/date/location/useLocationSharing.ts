import { LOCATION_MAX_ACCURACY_METERS, LOCATION_SHARE_INTERVAL_MS, type LastPosition } from '@bid/contract';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api';
import { api } from '@/lib/apiClient';
import { isUnauthorizedError } from '@/lib/queryClient';
import { handleUnauthorized } from '@/lib/unauthorized';
import { errorText } from '../people';

/** Whether this person chose to share their location on this date; kept in this browser only. */
export const locationSharingStorageKey = (auctionId: string) => `date-share-location:${auctionId}`;

/** What the page says when the browser will not give a position. */
export const LOCATION_SHARING_TEXT = {
  denied: 'Location access was refused, so your location is not shared. You can allow it in your browser settings.',
  unavailable: 'Your location could not be read just now. Trying again in a minute.',
  unsupported: 'This browser cannot share a location.',
} as const;

function readChoice(auctionId: string): boolean {
  try {
    return window.localStorage.getItem(locationSharingStorageKey(auctionId)) === 'on';
  } catch {
    return false;
  }
}

function storeChoice(auctionId: string, on: boolean) {
  try {
    if (on) window.localStorage.setItem(locationSharingStorageKey(auctionId), 'on');
    else window.localStorage.removeItem(locationSharingStorageKey(auctionId));
  } catch {
    // Private mode: the choice lasts as long as the page.
  }
}

export interface LocationSharing {
  /** The member turned sharing on (and Date Mode runs). */
  on: boolean;
  /** The last position the server stored: the friend sees exactly this. */
  position: LastPosition | null;
  problem: string | null;
  turnOn: () => void;
  turnOff: () => void;
}

/**
 * Opt-in live location for the trusted contact (docs/the-date.md): while Date Mode runs and the
 * member has turned it on, the browser's position is read and sent about once a minute (the
 * server takes one every 20 s at most). Turning it off, or leaving Date Mode, stops it; turning
 * it off also deletes the stored position at once.
 */
export function useLocationSharing(auctionId: string, running: boolean): LocationSharing {
  const [wanted, setWanted] = useState(() => readChoice(auctionId));
  const [position, setPosition] = useState<LastPosition | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const active = wanted && running;

  const stop = useCallback(
    (reason: string | null) => {
      storeChoice(auctionId, false);
      setWanted(false);
      setPosition(null);
      setProblem(reason);
      void api('stopSharingDateLocation', { params: { id: auctionId } }).catch((error: unknown) => {
        if (isUnauthorizedError(error)) handleUnauthorized();
      });
    },
    [auctionId],
  );

  useEffect(() => {
    if (!active) return;
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) {
      stop(LOCATION_SHARING_TEXT.unsupported);
      return;
    }
    let cancelled = false;
    const send = async (coords: GeolocationCoordinates) => {
      try {
        const answer = await api('shareDateLocation', {
          params: { id: auctionId },
          body: {
            lat: coords.latitude,
            lng: coords.longitude,
            accuracy: Math.min(coords.accuracy, LOCATION_MAX_ACCURACY_METERS),
          },
        });
        if (cancelled) return;
        setPosition(answer.position);
        setProblem(null);
      } catch (error) {
        if (cancelled) return;
        if (isUnauthorizedError(error)) handleUnauthorized();
        // A position sent moments ago (another tab, a quick off and on) still stands.
        else if (!(error instanceof ApiError && error.status === 429)) setProblem(errorText(error));
      }
    };
    const read = () =>
      geolocation.getCurrentPosition(
        (reading) => {
          if (!cancelled) void send(reading.coords);
        },
        (error) => {
          if (cancelled) return;
          if (error.code === error.PERMISSION_DENIED) stop(LOCATION_SHARING_TEXT.denied);
          else setProblem(LOCATION_SHARING_TEXT.unavailable);
        },
        { enableHighAccuracy: true, maximumAge: LOCATION_SHARE_INTERVAL_MS / 2, timeout: LOCATION_SHARE_INTERVAL_MS },
      );
    read();
    const timer = setInterval(read, LOCATION_SHARE_INTERVAL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [active, auctionId, stop]);

  const turnOn = useCallback(() => {
    storeChoice(auctionId, true);
    setProblem(null);
    setWanted(true);
  }, [auctionId]);
  const turnOff = useCallback(() => stop(null), [stop]);

  return { on: active, position: active ? position : null, problem, turnOn, turnOff };
}
