import { WaitlistLink } from '@/components/WaitlistLink';

export function ClosingCtaSection() {
  return (
    <section aria-labelledby="closing-cta-heading" className="px-4 pb-20">
      <div className="mx-auto max-w-5xl rounded-3xl bg-primary px-6 py-16 text-center text-white shadow-lg sm:px-12">
        <h2 id="closing-cta-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Ready for your next great outing?
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-white">
          Join BidYourDate to host an auction or bid on a coffee, dinner or activity date near you.
        </p>
        <WaitlistLink
          size="lg"
          variant="outline"
          className="mt-8 border-white bg-white text-primary shadow-md hover:bg-white/90 focus-visible:ring-white focus-visible:ring-offset-primary"
        >
          Join Now
        </WaitlistLink>
      </div>
    </section>
  );
}
