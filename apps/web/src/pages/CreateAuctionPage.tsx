import { isProfileComplete } from '@bid/contract';
import { Link, useLocation } from 'wouter';
import { Card } from '@/components/ui/card';
import { CreateAuctionForm } from '@/features/auctions/components/CreateAuctionForm';
import { JUST_CREATED_PARAM } from '@/features/auctions/components/ShareAuction';
import { useAuth } from '@/lib/useAuth';
import { publicConfig } from '@/lib/config';

/** docs/product.md §2 "Create Auction page" (signed in only; routes.tsx sends visitors to /login). */
export default function CreateAuctionPage() {
  const { user } = useAuth();
  const [, navigate] = useLocation();

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <title>Create Your Auction | BidYourDate</title>
      <h1 className="text-3xl font-bold">Create Your Auction</h1>
      <p className="mt-2 text-neutral-text/80">
        Offer a fun, platonic outing and let people bid for the chance to join you.
      </p>
      {user && !isProfileComplete(user) && (
        <Card className="mt-6 border-primary/30 bg-secondary/30 p-4 text-sm" role="note">
          Your profile is missing name, age, gender, location or dating preferences. Complete it on your profile page
          before you publish an auction.
        </Card>
      )}
      {publicConfig.requireVerifiedHosts && user && user.identityVerificationStatus !== 'verified' && (
        <Card
          className="mt-6 border-primary/30 bg-secondary/30 p-4 text-sm"
          role="note"
          data-testid="verified-host-notice"
        >
          Hosting an auction requires a verified identity, so members know who they are meeting.{' '}
          <Link href="/profile" className="font-semibold text-primary underline">
            Verify your identity
          </Link>{' '}
          on your profile page before you publish an auction.
        </Card>
      )}
      <div className="mt-6">
        {/* The new auction's page, offering its share link (docs/web-app.md "After creating an auction"). */}
        <CreateAuctionForm
          user={user}
          onCreated={(auction) => navigate(`/auction/${auction.id}?${JUST_CREATED_PARAM}=1`)}
          onCancel={() => navigate('/')}
        />
      </div>
    </div>
  );
}
