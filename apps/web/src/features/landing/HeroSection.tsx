import { ArrowDown, BadgeCheck, MapPin, UserCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { WaitlistLink } from '@/components/WaitlistLink';

export const HOW_IT_WORKS_ID = 'how-it-works';

function scrollToHowItWorks() {
  const section = document.getElementById(HOW_IT_WORKS_ID);
  if (!section) return;
  section.scrollIntoView({ behavior: 'smooth', block: 'start' });
  // Keyboard and screen-reader users continue reading where the page scrolled to.
  section.focus({ preventScroll: true });
}

const TRUST_POINTS = [
  { icon: UserCheck, text: '18+ only' },
  { icon: BadgeCheck, text: 'Identity verified' },
  { icon: MapPin, text: 'Public, platonic outings' },
] as const;

export function HeroSection() {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden bg-palette-gradient">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-24 -top-24 size-96 rounded-full bg-primary/10 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-32 -left-24 size-96 rounded-full bg-accent/10 blur-3xl"
      />
      <div className="relative">
        <div className="mx-auto max-w-4xl px-4 pb-24 pt-12 text-center sm:pt-20">
          <p className="mx-auto inline-flex items-center rounded-full border border-primary/20 bg-white/70 px-4 py-1 text-sm font-medium text-primary">
            Coffee, dinner or an activity
          </p>
          <h1
            id="hero-heading"
            className="mt-6 text-5xl font-extrabold tracking-tight text-neutral-text sm:text-6xl lg:text-7xl"
          >
            Bid Your Perfect Date
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-neutral-text/80 sm:text-xl">
            Auction a fun, platonic outing and let others bid for the chance to join you, or bid on the outing you would
            love to go on. You are only charged if you win.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <WaitlistLink size="lg" className="w-full shadow-md sm:w-auto">
              Join Waitlist
            </WaitlistLink>
            <Button size="lg" variant="outline" className="w-full sm:w-auto" onClick={scrollToHowItWorks}>
              Learn More
              <ArrowDown aria-hidden="true" />
            </Button>
          </div>
          <ul className="mt-10 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm text-neutral-text/80">
            {TRUST_POINTS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-1.5">
                <Icon aria-hidden="true" className="size-4 text-primary" />
                {text}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
