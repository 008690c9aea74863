import { REPUTATION_COPY, type PublicMember } from '@bid/contract';
import { MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Avatar } from '@/components/Avatar';
import { Button } from '@/components/ui/button';
import { VerifiedBadge } from '@/components/VerifiedBadge';
import { useReviews } from '@/features/feedback/api/feedback';
import { ReputationLine } from '@/components/ReputationLine';
import { ReviewItem } from '@/features/feedback/components/ReviewItem';
import { BlockButton } from '@/features/moderation/components/BlockButton';
import { ReportDialog } from '@/features/moderation/components/ReportDialog';
import { usePublicMember } from '@/features/moderation/api/publicMember';
import { formatDollarsAndCents } from '@/lib/paymentFormat';
import { useAuth } from '@/lib/useAuth';
import NotFoundPage from './NotFoundPage';

/**
 * /users/{id}: where trust is judged (docs/trust-and-safety.md "Reliability"). Photo first, then
 * the name, age, verification and reliability line, the bio, the revealed reviews with their
 * responses, and the member's open auctions. Block and Report sit in a menu, so the name never
 * wraps into them from 360 px up.
 */
export default function MemberPage({ id }: { id: string }) {
  const { data: member, isLoading, isError } = usePublicMember(id);
  if (isLoading) return <p className="mx-auto max-w-3xl px-4 py-8">Loading...</p>;
  if (isError || !member) return <NotFoundPage />;
  return (
    // minmax(0, 1fr) tracks: a long auction title truncates instead of widening the page past a
    // phone's screen (docs/web-app.md "Phone layout").
    <section
      className="mx-auto grid w-full max-w-3xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 sm:py-8"
      data-testid="page-member"
    >
      <Photos member={member} />
      <header className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold break-words">
            {member.name}
            {member.age ? <span className="font-normal text-neutral-text/80">, {member.age}</span> : null}
          </h1>
          {member.location && <p className="text-neutral-text/80">{member.location}</p>}
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            {member.identityVerified && <VerifiedBadge withLabel />}
            <ReputationLine reputation={member.reputation} />
          </div>
        </div>
        {member.isMe ? (
          <Button asChild variant="outline" size="sm" className="shrink-0">
            <Link href="/profile">Your profile</Link>
          </Button>
        ) : (
          <MemberMenu member={member} />
        )}
      </header>
      {member.isBlockedByMe ? (
        <p className="rounded-md bg-secondary/40 p-3 text-sm">
          You blocked {member.name}. Neither of you can bid on the other&apos;s auctions or message the other.
        </p>
      ) : null}
      {member.bio ? <p className="whitespace-pre-line break-words">{member.bio}</p> : null}
      {member.interests.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Interests">
          {member.interests.map((interest) => (
            <li key={interest} className="rounded-full bg-secondary px-3 py-1 text-sm">
              {interest}
            </li>
          ))}
        </ul>
      ) : null}
      <OpenAuctions member={member} />
      <Reviews member={member} />
    </section>
  );
}

/** The main photo large, the others as a row beneath; an initial when there is none. */
function Photos({ member }: { member: PublicMember }) {
  const [main, ...others] = member.photos;
  if (!main) {
    return <Avatar src={null} name={member.name} className="size-28 text-4xl" />;
  }
  return (
    <div className="grid gap-2">
      <img
        src={main}
        alt={`${member.name}'s photo`}
        className="aspect-[4/3] w-full rounded-xl bg-secondary object-cover sm:aspect-[16/9]"
      />
      {others.length > 0 && (
        <ul className="grid grid-cols-4 gap-2 sm:grid-cols-5" aria-label="More photos">
          {others.map((url, i) => (
            <li key={url}>
              <img
                src={url}
                alt={`${member.name}'s photo ${i + 2}`}
                loading="lazy"
                className="aspect-square w-full rounded-lg bg-secondary object-cover"
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Block and Report behind one button, so the heading keeps its width on a phone. */
function MemberMenu({ member }: { member: PublicMember }) {
  return (
    <details className="relative shrink-0" data-testid="member-actions">
      <summary
        className="flex size-11 cursor-pointer list-none items-center justify-center rounded-md border border-black/15 bg-white hover:bg-secondary/40 [&::-webkit-details-marker]:hidden"
        aria-label={`More actions for ${member.name}`}
      >
        <MoreHorizontal aria-hidden="true" className="size-5" />
      </summary>
      <div className="absolute right-0 z-20 mt-2 grid w-48 gap-2 rounded-lg border border-black/10 bg-white p-2 shadow-lg">
        <BlockButton userId={member.id} name={member.name} isBlocked={member.isBlockedByMe} />
        <ReportDialog targetType="user" targetId={member.id} />
      </div>
    </details>
  );
}

function OpenAuctions({ member }: { member: PublicMember }) {
  return (
    <section aria-labelledby="member-auctions" className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <h2 id="member-auctions" className="text-xl font-semibold">
        {REPUTATION_COPY.openAuctions}
      </h2>
      {member.openAuctions.length === 0 ? (
        <p className="text-neutral-text/80">{REPUTATION_COPY.noOpenAuctions}</p>
      ) : (
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-2 sm:grid-cols-2">
          {member.openAuctions.map((auction) => (
            <li key={auction.id}>
              <Link
                href={`/auction/${auction.id}`}
                className="flex min-w-0 items-center justify-between gap-3 rounded-lg border border-black/10 bg-white p-3 hover:border-primary/60"
              >
                <span className="truncate font-medium">{auction.title}</span>
                <span className="shrink-0 text-sm">{formatDollarsAndCents(auction.currentBid)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Reviews({ member }: { member: PublicMember }) {
  const [pages, setPages] = useState(1);
  return (
    <section aria-labelledby="member-reviews" className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <h2 id="member-reviews" className="text-xl font-semibold">
        {REPUTATION_COPY.reviewsHeading}
      </h2>
      {Array.from({ length: pages }, (_, i) => (
        <ReviewPage key={i} member={member} page={i + 1} isLast={i + 1 === pages} onMore={() => setPages(pages + 1)} />
      ))}
    </section>
  );
}

function ReviewPage({
  member,
  page,
  isLast,
  onMore,
}: {
  member: PublicMember;
  page: number;
  isLast: boolean;
  onMore: () => void;
}) {
  const { data } = useReviews(member.id, page);
  const { user } = useAuth();
  if (!data) return null;
  if (page === 1 && data.items.length === 0) return <p className="text-neutral-text/80">{REPUTATION_COPY.noReviews}</p>;
  return (
    <>
      <ul className="grid gap-3">
        {data.items.map((review) => (
          <li key={review.id}>
            <ReviewItem
              review={review}
              subjectName={member.firstName ?? member.name}
              actions={
                user && review.author.id !== null && review.author.id !== user.id ? (
                  <div>
                    <ReportDialog
                      targetType="review"
                      targetId={review.id}
                      label={REPUTATION_COPY.reportReview}
                      variant="ghost"
                    />
                  </div>
                ) : null
              }
            />
          </li>
        ))}
      </ul>
      {isLast && data.hasMore && (
        <div>
          <Button variant="outline" onClick={onMore}>
            {REPUTATION_COPY.moreReviews}
          </Button>
        </div>
      )}
    </>
  );
}
