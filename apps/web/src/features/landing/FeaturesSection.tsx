import { Gavel, MessagesSquare, ShieldCheck } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const FEATURES = [
  {
    icon: Gavel,
    title: 'Live Bidding',
    text: 'Watch bids arrive in real time and raise yours in a tap before the auction closes.',
  },
  {
    icon: MessagesSquare,
    title: 'Secure Messaging',
    text: 'Only the winner and the host of an auction can message each other to plan the outing.',
  },
  {
    icon: ShieldCheck,
    title: 'Date Verification',
    text: 'Members verify their identity through a trusted partner, and every date takes place in public.',
  },
] as const;

export function FeaturesSection() {
  return (
    <section aria-labelledby="features-heading" className="mx-auto w-full max-w-6xl px-4 py-20">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="features-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Why BidYourDate
        </h2>
        <p className="mt-4 text-lg text-neutral-text/80">
          Everything you need to turn a great idea for an outing into a plan, safely.
        </p>
      </div>
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="h-full transition-shadow hover:shadow-md">
              <CardHeader>
                <span className="mb-3 flex size-12 items-center justify-center rounded-xl bg-secondary text-primary">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <CardTitle>{title}</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-neutral-text/80">{text}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
