import { UpcomingFeature } from './ComingSoon';

export default function LoginPage() {
  return <UpcomingFeature title="Sign In">Email and provider sign-in open here soon.</UpcomingFeature>;
}
