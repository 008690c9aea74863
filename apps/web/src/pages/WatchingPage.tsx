import { Heart } from 'lucide-react';
import { Link } from 'wouter';
import { PageLoading } from '@/components/layout/PageLoading';
import { Button } from '@/components/ui/button';
import { useWatchlist } from '@/features/auctions/api/watch';
import { AuctionCard } from '@/features/auctions/components/AuctionCard';
import { useAuth } from '@/lib/useAuth';

/** The member's watchlist (user menu "Watching"): open auctions first, then ended ones. */
export default function WatchingPage() {
  const { user } = useAuth();
  const { data: auctions, isPending, isError } = useWatchlist();
  if (isPending) return <PageLoading />;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <title>Watching | BidYourDate</title>
      <h1 className="flex items-center gap-2 text-3xl font-bold">
        <Heart aria-hidden="true" className="size-7 fill-current text-primary" />
        Watching
      </h1>
      {isError ? (
        <p className="mt-6 text-danger">Could not load your watchlist. Please try again.</p>
      ) : !auctions || auctions.length === 0 ? (
        <div className="mt-6 grid justify-items-start gap-4">
          <p className="text-neutral-text/80">
            You are not watching any auctions yet. Tap the heart on an auction to follow it here.
          </p>
          <Button asChild>
            <Link href="/">Browse Auctions</Link>
          </Button>
        </div>
      ) : (
        <>
          {/* The cards' titles are h3s: this h2 keeps the outline from skipping a level. */}
          <h2 id="watched-auctions" className="sr-only">
            Watched auctions
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-labelledby="watched-auctions">
            {auctions.map((auction) => (
              <li key={auction.id}>
                <AuctionCard auction={auction} view="member" {...(user ? { viewerId: user.id } : {})} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
