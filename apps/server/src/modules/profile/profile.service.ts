import type { ProfileForm } from '@bid/contract';
import type { Db } from '../../db/client.js';
import { unauthorized } from '../../lib/errors.js';
import { presentCurrentUser } from '../users/users.presenter.js';
import { countProfileStats, updateProfileFields } from './profile.repository.js';

export async function updateProfile(db: Db, userId: string, form: ProfileForm) {
  const user = await updateProfileFields(db, userId, {
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
  return presentCurrentUser(user);
}

export function getProfileStats(db: Db, userId: string) {
  return countProfileStats(db, userId);
}
