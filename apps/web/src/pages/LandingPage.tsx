import { ClosingCtaSection } from '@/features/landing/ClosingCtaSection';
import { FeaturedDatesSection } from '@/features/landing/FeaturedDatesSection';
import { FeaturesSection } from '@/features/landing/FeaturesSection';
import { HeroSection } from '@/features/landing/HeroSection';
import { HowItWorksSection } from '@/features/landing/HowItWorksSection';

/** docs/product.md §2 "Landing page": what logged-out visitors see at /. */
export default function LandingPage() {
  return (
    <>
      <title>BidYourDate: Bid Your Perfect Date</title>
      <HeroSection />
      <FeaturesSection />
      <FeaturedDatesSection />
      <HowItWorksSection />
      <ClosingCtaSection />
    </>
  );
}
