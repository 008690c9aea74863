import { PRIVACY_EFFECTIVE_DATE } from '@bid/contract';
import { Link } from 'wouter';
import { StaticPage, StaticSection } from './StaticPage';

export default function PrivacyPage() {
  return (
    <StaticPage
      title="Privacy Policy"
      subtitle={`Effective ${PRIVACY_EFFECTIVE_DATE}`}
      intro={
        <p>
          This policy explains what BidYourDate collects, why, how long we keep it and the choices you have. We collect
          only what we need to run auctions, keep members safe and take payments.
        </p>
      }
    >
      <StaticSection title="Information we collect">
        <ul>
          <li>
            <strong>Account details:</strong> your email address and how you sign in.
          </li>
          <li>
            <strong>Profile:</strong> your photo, bio, interests and dating preferences, which other members can see.
          </li>
          <li>
            <strong>Activity:</strong> the auctions you create, the bids you place, your notifications and the messages
            you exchange with the winner or host of an auction.
          </li>
          <li>
            <strong>Payment methods:</strong> cards and US bank accounts are saved and charged through our card payment
            provider.
          </li>
          <li>
            <strong>Verification data:</strong> the information used to confirm your identity.
          </li>
        </ul>
      </StaticSection>

      <StaticSection title="Identity verification">
        <p>
          Identity is verified through a partner that specialises in identity checks. The partner receives only what it
          needs to confirm who you are. We keep verification data for 30 days, and then delete it.
        </p>
      </StaticSection>

      <StaticSection title="How we use your information">
        <ul>
          <li>To run auctions: show your auctions and bids, pick winners and send notifications.</li>
          <li>To let the winner and the host of an auction message each other.</li>
          <li>To charge a winning bid; bidders are charged only if they win.</li>
          <li>To keep the community safe: verify identities and review reports.</li>
        </ul>
      </StaticSection>

      <StaticSection title="Who can see it">
        <p>
          Other members can see your profile and your auctions. Messages are visible only to the winner and the host of
          the auction they belong to. We share information with the services that run BidYourDate for us, namely our
          identity verification partner and our card payment provider, and when the law requires it.
        </p>
      </StaticSection>

      <StaticSection title="How long we keep it">
        <ul>
          <li>Verification data is kept for 30 days.</li>
          <li>Inactive accounts are deleted after 12 months.</li>
        </ul>
      </StaticSection>

      <StaticSection title="Your rights">
        <p>
          You can ask to see, correct, export or delete the personal information we hold about you. We answer rights
          requests within 30-45 days.
        </p>
      </StaticSection>

      <StaticSection title="Adults only">
        <p>
          BidYourDate is not for anyone under 18, and we do not knowingly collect information from minors. See our{' '}
          <Link href="/terms">Terms of Service</Link>.
        </p>
      </StaticSection>

      <StaticSection title="Changes to this policy">
        <p>
          If we change this policy, we will publish the new version here and update the effective date at the top of
          this page.
        </p>
      </StaticSection>
    </StaticPage>
  );
}
