import { UpcomingFeature } from './ComingSoon';

export default function ProfilePage() {
  return <UpcomingFeature title="Your Profile">Your profile, auctions, bids and payment methods appear here soon.</UpcomingFeature>;
}
