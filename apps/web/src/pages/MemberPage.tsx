import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Avatar } from '@/components/Avatar';
import { VerifiedBadge } from '@/components/VerifiedBadge';
import { BlockButton } from '@/features/moderation/components/BlockButton';
import { ReportDialog } from '@/features/moderation/components/ReportDialog';
import { usePublicMember } from '@/features/moderation/api/publicMember';
import NotFoundPage from './NotFoundPage';

/** /users/{id}: another member's public page, with Block / Unblock and Report (docs/trust-and-safety.md). */
export default function MemberPage({ id }: { id: string }) {
  const { data: member, isLoading, isError } = usePublicMember(id);
  if (isLoading) return <p className="mx-auto max-w-3xl px-4 py-8">Loading...</p>;
  if (isError || !member) return <NotFoundPage />;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8" data-testid="page-member">
      <div className="flex flex-wrap items-center gap-4 rounded-lg border border-black/10 bg-white p-6">
        <Avatar src={member.profileImageUrl} name={member.name} className="size-20 text-2xl" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold">
            {member.name}
            {member.identityVerified && <VerifiedBadge className="ml-2" withLabel />}
          </h1>
          <p className="text-neutral-text/80">
            {[member.age ? `${member.age}` : null, member.location].filter(Boolean).join(' · ')}
          </p>
        </div>
        {member.isMe ? (
          <Button asChild variant="outline" size="sm">
            <Link href="/profile">Your profile</Link>
          </Button>
        ) : (
          <div className="flex gap-2">
            <BlockButton userId={member.id} name={member.name} isBlocked={member.isBlockedByMe} />
            <ReportDialog targetType="user" targetId={member.id} />
          </div>
        )}
      </div>
      {member.isBlockedByMe ? (
        <p className="mt-4 rounded-md bg-secondary/40 p-3 text-sm">
          You blocked {member.name}. Neither of you can bid on the other&apos;s auctions or message the other.
        </p>
      ) : null}
      {member.bio ? <p className="mt-6 whitespace-pre-line">{member.bio}</p> : null}
      {member.interests.length > 0 ? (
        <ul className="mt-4 flex flex-wrap gap-2">
          {member.interests.map((interest) => (
            <li key={interest} className="rounded-full bg-secondary px-3 py-1 text-sm">
              {interest}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
