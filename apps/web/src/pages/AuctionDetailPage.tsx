import { UpcomingFeature } from './ComingSoon';

export default function AuctionDetailPage({ id }: { id: string }) {
  return <UpcomingFeature title="Auction">Details of auction {id} appear here soon.</UpcomingFeature>;
}
