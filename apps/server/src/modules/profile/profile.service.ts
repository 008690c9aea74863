import { PROFILE_REFUSAL_MESSAGES, type ProfileForm } from '@bid/contract';
import type { Db } from '../../db/client.js';
import type { NewUser } from '../../db/schema/index.js';
import { badRequest, unauthorized } from '../../lib/errors.js';
import { screenFields } from '../../lib/screening/screen.js';
import { findMember } from '../users/users.service.js';
import { geocode } from '../../lib/geo.js';
import { presentSignedInUser } from '../auth/auth.service.js';
import { countProfileStats, updateProfileFields } from './profile.repository.js';

/**
 * Screening of a profile (docs/trust-and-safety.md "Screening"). Names show on every card and
 * bid, so a name the screening would hold is refused too; a held bio is saved but shown to
 * nobody else until a moderator approves it. An unchanged bio is not screened again (a moderator
 * may have approved it).
 */
function screenProfile(form: ProfileForm, currentBio: string | null, now: Date): Partial<NewUser> {
  const names = screenFields({ firstName: form.firstName, lastName: form.lastName }, { surface: 'profile' });
  const name = names.reasons[0];
  if (name) throw badRequest(PROFILE_REFUSAL_MESSAGES[name.category], name.field);
  const bio = form.bio || null;
  if (bio === currentBio) return {};
  const screened = screenFields({ bio }, { surface: 'profile' });
  const reason = screened.reasons[0];
  if (screened.verdict === 'refuse' && reason)
    throw badRequest(PROFILE_REFUSAL_MESSAGES[reason.category], reason.field);
  return screened.verdict === 'hold'
    ? { bioReviewStatus: 'pending', bioReviewReasons: screened.reasons, bioReviewSince: now }
    : { bioReviewStatus: 'approved', bioReviewReasons: [], bioReviewSince: null };
}

export async function updateProfile(db: Db, userId: string, form: ProfileForm, now: Date = new Date()) {
  const current = await findMember(db, userId);
  if (!current) throw unauthorized();
  const review = screenProfile(form, current.bio, now);
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
    ...review,
  });
  if (!user) throw unauthorized();
  return presentSignedInUser(db, user);
}

export function getProfileStats(db: Db, userId: string) {
  return countProfileStats(db, userId);
}
