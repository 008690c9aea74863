import { UpcomingFeature } from './ComingSoon';

export default function BrowsePage() {
  return <UpcomingFeature title="Browse Auctions">Public auction browsing opens here soon.</UpcomingFeature>;
}
