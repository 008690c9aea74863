import type { Db } from '../../db/client.js';
import { unauthorized } from '../../lib/errors.js';
import { findUserById } from '../users/users.repository.js';
import { presentCurrentUser } from '../users/users.presenter.js';

export async function getCurrentUser(db: Db, userId: string) {
  const user = await findUserById(db, userId);
  // A session can outlive its account (deleted elsewhere): treat it as signed out.
  if (!user) throw unauthorized();
  return presentCurrentUser(user);
}
