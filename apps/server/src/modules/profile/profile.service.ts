import type { ProfileForm } from '@bid/contract';
import type { Db } from '../../db/client.js';
import type { NewUser } from '../../db/schema/index.js';
import { unauthorized } from '../../lib/errors.js';
import { geocode } from '../../lib/geo.js';
import { presentSignedInUser } from '../auth/auth.service.js';
import { countProfileStats, updateProfileFields } from './profile.repository.js';

export async function updateProfile(db: Db, userId: string, form: ProfileForm) {
  // The distance filter of the auction feed measures from these (null when the gazetteer
  // knows neither the zip code nor the location, so stale coordinates never linger).
  const place = geocode({ zipCode: form.zipCode, location: form.location });
  const coordinates: Pick<NewUser, 'latitude' | 'longitude'> = {
    latitude: place ? place.latitude.toFixed(8) : null,
    longitude: place ? place.longitude.toFixed(8) : null,
  };
  const user = await updateProfileFields(db, userId, {
    ...coordinates,
    firstName: form.firstName,
    lastName: form.lastName,
    bio: form.bio || null,
    age: form.age,
    location: form.location,
    country: form.country,
    zipCode: form.zipCode,
    interests: form.interests,
    sex: form.sex,
    openToDatesWith: form.openToDatesWith,
  });
  if (!user) throw unauthorized();
  return presentSignedInUser(db, user);
}

export function getProfileStats(db: Db, userId: string) {
  return countProfileStats(db, userId);
}
