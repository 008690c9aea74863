import type { Db } from '../../db/client.js';
import { findUserById } from './users.repository.js';

/**
 * A member's row by id, whatever the account's state (deleted, suspended, still onboarding):
 * each caller decides what a state means for it. Other modules read a member through this, never
 * through users.repository.ts (docs/architecture.md, "Folders of the server").
 */
export function findMember(db: Db, id: string) {
  return findUserById(db, id);
}
