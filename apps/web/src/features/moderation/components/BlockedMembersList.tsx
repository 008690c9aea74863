import { Link } from 'wouter';
import { useBlockedMembers } from '../api/blocks';
import { BlockButton } from './BlockButton';

/** The own profile's "Blocked members" section, each with Unblock (docs/trust-and-safety.md). */
export function BlockedMembersList() {
  const { data, isLoading } = useBlockedMembers();
  const members = data ?? [];
  return (
    <section aria-labelledby="blocked-members-title" className="mt-8 rounded-lg border border-black/10 bg-white p-4">
      <h2 id="blocked-members-title" className="text-lg font-semibold">
        Blocked members
      </h2>
      {isLoading ? (
        <p className="mt-2 text-sm text-neutral-text/70">Loading...</p>
      ) : members.length === 0 ? (
        <p className="mt-2 text-sm text-neutral-text/70">You haven&apos;t blocked anyone.</p>
      ) : (
        <ul className="mt-2 divide-y divide-black/5">
          {members.map((member) => (
            <li key={member.id} className="flex items-center justify-between gap-4 py-2">
              <Link href={`/users/${member.id}`} className="font-medium hover:underline">
                {member.name}
              </Link>
              <BlockButton userId={member.id} name={member.name} isBlocked />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
