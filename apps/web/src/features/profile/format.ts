/** SPEC §9: amounts are shown as whole dollars. */
export function formatWholeDollars(amount: string | number | null | undefined): string {
  const value = Number(amount ?? 0);
  return `$${Math.round(Number.isFinite(value) ? value : 0).toLocaleString('en-US')}`;
}

/** SPEC §4: an auction is active while isActive is true and its end time is in the future. */
export function isAuctionActive(auction: { isActive?: boolean; endTime?: string | null }, now = Date.now()): boolean {
  if (auction.isActive === false) return false;
  if (!auction.endTime) return auction.isActive === true;
  return new Date(auction.endTime).getTime() > now;
}

/** Initials for an avatar without a photo: first and last name, else the email, else '?'. */
export function initialsOf(user: { firstName: string | null; lastName: string | null; email: string | null }): string {
  const fromName = [user.firstName, user.lastName]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
  if (fromName) return fromName;
  return user.email?.trim().charAt(0).toUpperCase() || '?';
}

export function fullNameOf(user: { firstName: string | null; lastName: string | null }): string {
  return [user.firstName, user.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}
