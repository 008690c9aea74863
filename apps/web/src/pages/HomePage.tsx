import { UpcomingFeature } from './ComingSoon';

export default function HomePage() {
  return (
    <UpcomingFeature title="Bid Your Perfect Date">
      The auction feed, filters and bidding open here soon.
    </UpcomingFeature>
  );
}
