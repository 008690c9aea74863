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
