import { UpcomingFeature } from './ComingSoon';

export default function SearchPage() {
  return <UpcomingFeature title="Search">Searching users and auctions opens here soon.</UpcomingFeature>;
}
