import { UpcomingFeature } from './ComingSoon';

export default function CreateAuctionPage() {
  return <UpcomingFeature title="Create Your Auction">Creating auctions opens here soon.</UpcomingFeature>;
}
