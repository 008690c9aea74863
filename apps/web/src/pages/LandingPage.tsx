export default function LandingPage() {
  return <h1>Bid Your Perfect Date</h1>;
}
