import { Link } from 'wouter';
import { StaticPage, StaticSection } from './StaticPage';

export default function AboutPage() {
  return (
    <StaticPage
      title="About Us"
      intro={
        <p>
          BidYourDate is an auction marketplace for fun, platonic outings. Hosts auction a coffee, a dinner or an
          activity, and other members bid for the chance to go.
        </p>
      }
    >
      <StaticSection title="What we do">
        <p>
          Meeting new people should be easy and a little exciting. On BidYourDate you create an auction for an outing
          you would enjoy, such as a coffee, a dinner or an activity, and members in your area place bids. When the
          auction ends, the highest bidder wins and the two of you message each other to plan the day.
        </p>
        <p>
          Anyone can browse auctions before joining. Bidders are charged only if they win, and BidYourDate keeps a
          service fee of 10% of successful bids.
        </p>
      </StaticSection>

      <StaticSection title="Who BidYourDate is for">
        <p>BidYourDate is for adults only. Every member must be 18 or older.</p>
      </StaticSection>

      <StaticSection title="Trust and safety">
        <ul>
          <li>
            <strong>Verified members.</strong> Identity is verified through a partner that specialises in identity
            checks.
          </li>
          <li>
            <strong>Public, platonic outings.</strong> All dates are public and non-sexual. Every outing takes place in
            a public place, and auctions for anything else are not allowed.
          </li>
          <li>
            <strong>Private conversations.</strong> Only the winner and the host of an auction can message each other.
          </li>
          <li>
            <strong>Fast answers to reports.</strong> Our target for reviewing reports is 24 hours.
          </li>
        </ul>
      </StaticSection>

      <StaticSection title="Learn more">
        <p>
          Read our <Link href="/terms">Terms of Service</Link> and <Link href="/privacy">Privacy Policy</Link>, or find
          quick answers in the <Link href="/faqs">FAQs</Link>.
        </p>
      </StaticSection>
    </StaticPage>
  );
}
