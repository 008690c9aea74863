import { Coffee, Mountain, Star, Trophy, UtensilsCrossed } from 'lucide-react';
import { DateTypeDrawing } from '@/components/DateTypeDrawing';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { SAMPLE_DATES, type SampleDate } from './sampleDates';

const KIND_ICONS = { activity: Mountain, dinner: UtensilsCrossed, coffee: Coffee } as const;

function FiveStarNote({ quote }: { quote: string }) {
  return (
    <figure className="mt-auto rounded-lg bg-background p-4">
      <div role="img" aria-label="Rated 5 out of 5" className="flex gap-0.5 text-amber-500">
        {Array.from({ length: 5 }, (_, index) => (
          <Star key={index} aria-hidden="true" className="size-4" fill="currentColor" />
        ))}
      </div>
      <blockquote className="mt-2 text-sm italic text-neutral-text/80">“{quote}”</blockquote>
    </figure>
  );
}

function SampleDateCard({ sample }: { sample: SampleDate }) {
  const KindIcon = KIND_ICONS[sample.kind];
  return (
    <Card className="flex h-full flex-col overflow-hidden" data-testid={`sample-date-${sample.kind}`}>
      <DateTypeDrawing dateType={sample.kind} width={1200} height={900} className="aspect-[4/3] w-full object-cover" />
      <CardHeader className="gap-4">
        <div className="flex items-center justify-between gap-2">
          <span className="inline-flex items-center gap-1.5 text-sm font-medium text-primary">
            <KindIcon aria-hidden="true" className="size-4" />
            {sample.kindLabel}
          </span>
          <span className="rounded-full border border-black/10 px-2 py-0.5 text-xs font-medium text-neutral-text/80">
            Example
          </span>
        </div>
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-semibold text-white"
          >
            {sample.hostInitials}
          </span>
          <div>
            <CardTitle className="text-lg">{sample.title}</CardTitle>
            <p className="mt-1 text-sm text-neutral-text/80">Hosted by {sample.hostName}</p>
          </div>
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col">
        <ul aria-label="Auction status" className="flex gap-2">
          <li className="rounded-full bg-success px-2.5 py-0.5 text-xs font-semibold text-white">Completed</li>
          <li className="inline-flex items-center gap-1 rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-white">
            <Trophy aria-hidden="true" className="size-3" />
            Won
          </li>
        </ul>
        <dl className="my-5 grid grid-cols-2 gap-4 border-y border-black/10 py-4">
          <div>
            <dt className="text-xs uppercase tracking-wide text-neutral-text/80">Winning bid</dt>
            <dd className="text-2xl font-bold text-primary">${sample.winningBid}</dd>
          </div>
          <div>
            <dt className="text-xs uppercase tracking-wide text-neutral-text/80">Bid count</dt>
            <dd className="text-2xl font-bold">{sample.bidCount} bids</dd>
          </div>
        </dl>
        <FiveStarNote quote={sample.quote} />
      </CardContent>
    </Card>
  );
}

export function FeaturedDatesSection() {
  return (
    <section aria-labelledby="featured-heading" className="bg-white py-20">
      <div className="mx-auto w-full max-w-6xl px-4">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="featured-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Featured Dates
          </h2>
          <p className="mt-4 text-lg text-neutral-text/80">
            Examples of how completed auctions look. These sample profiles are illustrations, not real members.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {SAMPLE_DATES.map((sample) => (
            <li key={sample.kind}>
              <SampleDateCard sample={sample} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
