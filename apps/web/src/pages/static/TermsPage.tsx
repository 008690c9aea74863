import { Link } from 'wouter';
import { StaticPage, StaticSection } from './StaticPage';

export default function TermsPage() {
  return (
    <StaticPage
      title="Terms of Service"
      intro={
        <p>
          These terms are the agreement between you and BidYourDate when you browse, host or bid. Please read them
          before you join; by using BidYourDate you accept them.
        </p>
      }
    >
      <StaticSection title="Who can use BidYourDate">
        <ul>
          <li>You must be 18 or older to create an account, host an auction or place a bid.</li>
          <li>
            You must verify your identity. Identity is verified through a partner; see our{' '}
            <Link href="/privacy">Privacy Policy</Link> for how that data is handled.
          </li>
        </ul>
      </StaticSection>

      <StaticSection title="What a date is">
        <p>
          Every auction on BidYourDate is for a fun, platonic outing such as a coffee, a dinner or an activity. All
          dates are public and non-sexual: they take place in public places, and offering or asking for anything sexual
          is not allowed. Treat the people you meet with respect, and leave if you ever feel unsafe.
        </p>
      </StaticSection>

      <StaticSection title="Bids and payments">
        <ul>
          <li>A bid is a commitment to pay that amount if you win the auction.</li>
          <li>Bidders are charged only if they win. If you are outbid, you pay nothing.</li>
          <li>The service fee is 10% of successful bids.</li>
          <li>
            Funds are held in escrow after the auction is won, not paid straight to the host. The share of the winning
            bid that transfers to the host depends on the agreed length of the date.
          </li>
          <li>Payment methods (card or US bank account) are saved and charged through our card payment provider.</li>
        </ul>
      </StaticSection>

      <StaticSection title="Refunds">
        <p>
          If the date goes badly, you can request a refund. Refunds take 7-10 days to reach your original payment method
          once approved.
        </p>
      </StaticSection>

      <StaticSection title="Reports">
        <p>
          If someone breaks these terms, report them. Our target is to review every report within 24 hours, and we may
          suspend or close accounts that break these terms.
        </p>
      </StaticSection>

      <StaticSection title="Your content">
        <p>
          You are responsible for the photos, bios, auctions and messages you post. They must be accurate, lawful and
          respectful of others.
        </p>
      </StaticSection>

      <StaticSection title="Changes to these terms">
        <p>
          If we change these terms, we will publish the new version on this page. Questions? Start with the{' '}
          <Link href="/faqs">FAQs</Link>.
        </p>
      </StaticSection>
    </StaticPage>
  );
}
