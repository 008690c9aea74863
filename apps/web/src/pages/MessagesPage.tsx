import { UpcomingFeature } from './ComingSoon';

export default function MessagesPage() {
  return <UpcomingFeature title="Messages">Conversations with your date matches appear here soon.</UpcomingFeature>;
}
