import { numeric, timestamp, uuid, type ReferenceConfig } from 'drizzle-orm/pg-core';

/** Money is an exact decimal (docs/product.md §3: 2 decimals, precision 10), read as a string, never a float. */
export const money = (name: string) => numeric(name, { precision: 10, scale: 2 });
/** Latitude fits ±90 with 8 decimals; longitude needs a third integer digit for ±180. */
export const latitude = (name: string) => numeric(name, { precision: 10, scale: 8 });
export const longitude = (name: string) => numeric(name, { precision: 11, scale: 8 });
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/**
 * A required link to another row's uuid key (the host, the winner, the auction a row belongs to):
 * `uuid(name).notNull().references(target, actions)`, the shape of most foreign keys here.
 */
export const requiredRef = (name: string, target: ReferenceConfig['ref'], actions?: ReferenceConfig['actions']) =>
  uuid(name).notNull().references(target, actions);
