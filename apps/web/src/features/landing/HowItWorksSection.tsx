import { Gavel, MessageCircleHeart, UserPlus } from 'lucide-react';
import { HOW_IT_WORKS_ID } from './HeroSection';

const STEPS = [
  {
    icon: UserPlus,
    title: 'Create your profile',
    text: 'Add a photo, a short bio and your interests, and verify your identity. Members are 18 or older.',
  },
  {
    icon: Gavel,
    title: 'Browse and bid',
    text: 'Find coffee, dinner and activity dates near you and place your bid. You are only charged if you win.',
  },
  {
    icon: MessageCircleHeart,
    title: 'Win and connect',
    text: 'When you win, message the host to plan your outing and meet somewhere public.',
  },
] as const;

export function HowItWorksSection() {
  return (
    <section
      id={HOW_IT_WORKS_ID}
      aria-labelledby="how-it-works-heading"
      tabIndex={-1}
      className="mx-auto w-full max-w-6xl scroll-mt-4 px-4 py-20 focus:outline-none"
    >
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="how-it-works-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          How It Works
        </h2>
        <p className="mt-4 text-lg text-neutral-text/80">Three steps from an idea to an outing.</p>
      </div>
      <ol className="mt-12 grid gap-6 md:grid-cols-3">
        {STEPS.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="relative rounded-xl border border-black/10 bg-white p-6 shadow-sm">
            <div className="flex items-center gap-4">
              <span
                aria-hidden="true"
                className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-xl font-bold text-white"
              >
                {index + 1}
              </span>
              <Icon aria-hidden="true" className="size-6 text-primary" />
            </div>
            <h3 className="mt-5 text-xl font-semibold">
              <span className="sr-only">Step {index + 1}: </span>
              {title}
            </h3>
            <p className="mt-2 text-neutral-text/80">{text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
