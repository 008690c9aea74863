import {
  DATE_REMINDER_MINUTES,
  DISPUTE_WINDOW_HOURS,
  HOST_NO_SHOW_GRACE_MINUTES,
  PAYMENT_FIX_WINDOW_HOURS,
  PAYOUT_REMINDER_DAYS,
  REFUND_TIMING_TEXT,
  SERVICE_FEE_RATE,
} from '@bid/contract';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { publicConfig } from '@/lib/config';
import { StaticPage } from './StaticPage';

interface Faq {
  question: string;
  answer: ReactNode;
}

interface FaqGroup {
  id: string;
  topic: string;
  faqs: Faq[];
}

/** Soft close (docs/auctions.md): the window is the operator's setting, so the answer reads it. */
function SoftCloseAnswer() {
  const seconds = publicConfig.softCloseSeconds;
  if (seconds <= 0) {
    return <>Auctions end exactly at their end time; a late bid does not extend them.</>;
  }
  const window = seconds % 60 === 0 ? `${seconds / 60} minute${seconds === 60 ? '' : 's'}` : `${seconds} seconds`;
  return (
    <>
      To stop last-second sniping, a bid placed in the final {window} moves the end to {window} after that bid. The
      auction ends once nobody has outbid the leader for {window}, so everyone gets a fair chance to answer.
    </>
  );
}

/** Payments (docs/payments.md): a card on file, charged on a win; test mode only where the operator runs the sandbox. */
function CardOnFileAnswer() {
  const isTestMode = publicConfig.payments.provider === 'sandbox';
  return (
    <>
      Yes. Before you bid, save a card or US bank account on the Payment Methods tab of your{' '}
      <Link href="/profile?tab=payments">profile</Link>. It is charged only if you win: the winning amount, of which{' '}
      {Math.round(SERVICE_FEE_RATE * 100)}% is our service fee, and the host&apos;s share is held until the date
      happens. If the charge fails, you have {PAYMENT_FIX_WINDOW_HOURS} hours to update your card and retry from the
      Payments list on your profile; after that, the date is offered to the next-highest bidder.
      {isTestMode && (
        <>
          {' '}
          This site currently runs payments in test mode: no real money moves, and you save one of the test cards listed
          in the form, such as 4242 4242 4242 4242.
        </>
      )}
    </>
  );
}

const FEE_PERCENT = `${Math.round(SERVICE_FEE_RATE * 100)}%`;

/** Grouped by topic; add a question to the group a reader would look in. */
const FAQ_GROUPS: FaqGroup[] = [
  {
    id: 'getting-started',
    topic: 'Getting started',
    faqs: [
      {
        question: 'What is BidYourDate?',
        answer:
          'An auction marketplace for fun, platonic outings. Hosts auction a coffee, a dinner or an activity, and other members bid for the chance to go.',
      },
      {
        question: 'Who can join?',
        answer: 'Adults only: you must be 18 or older, and you verify your identity when you join.',
      },
      {
        question: 'How does it work?',
        answer:
          'Create your profile, browse auctions and place bids, and when you win, message the host to plan your outing.',
      },
      {
        question: 'Can I look around before I sign up?',
        answer: (
          <>
            Yes. Anyone can <Link href="/browse">browse auctions</Link>. To bid or host, join from the home page; the
            sign-up form opens in a new tab.
          </>
        ),
      },
    ],
  },
  {
    id: 'bidding-and-payments',
    topic: 'Bidding and payments',
    faqs: [
      {
        question: 'How much do I have to bid?',
        answer:
          "The first bid can match the host's starting bid. After that, each bid must be at least $1 more than the current bid. The bid box starts at the lowest amount that counts, and the quick buttons add $5, $10 or $25 to it.",
      },
      {
        question: 'When does an auction end, and who wins?',
        answer:
          'At the end time shown on the auction. The highest bid at that moment wins; if two bids are equal, the earlier one wins. Everyone who bid is told the result, and the winner and the host can then message each other.',
      },
      {
        question: 'Why did the end time move?',
        answer: <SoftCloseAnswer />,
      },
      {
        question: 'What is Buy Now?',
        answer:
          'Some hosts set a Buy Now price. While the current bid is below it, you can skip the bidding: after you confirm, the auction ends at once and you win at the Buy Now price. Everyone who bid is told, and nobody else is charged.',
      },
      {
        question: 'When am I charged?',
        answer: 'Bidders are charged only if they win. If you are outbid, you pay nothing.',
      },
      {
        question: 'Do I need a saved card to bid?',
        answer: <CardOnFileAnswer />,
      },
      {
        question: 'What does BidYourDate charge?',
        answer: 'The service fee is 10% of successful bids.',
      },
      {
        question: 'What happens to the money when I win?',
        answer:
          'Funds are held in escrow rather than paid straight to the host. The share of the winning bid that transfers to the host depends on the agreed length of the date.',
      },
      {
        question: 'How can I pay?',
        answer: 'With a card or a US bank account, saved through our card payment provider.',
      },
    ],
  },
  {
    id: 'your-date-and-money',
    topic: 'Your date and your money',
    faqs: [
      {
        question: 'How do we agree when and where to meet?',
        answer: `In your chat, propose a public place, a date and a time; the other person accepts or proposes another. The agreed plan shows on the auction page and you both get a reminder ${DATE_REMINDER_MINUTES / 60} hours before.`,
      },
      {
        question: 'What is Date Mode?',
        answer:
          "Date Mode lets you track the outing while it happens. On the day, either of you starts Date Mode from the auction page: check in when you arrive, check in 'I'm safe' at intervals you choose, share a read-only link with a trusted contact (and, only if you turn it on, your location while Date Mode runs), and find the emergency number. End the date there when you part.",
      },
      {
        question: 'How much does the host receive?',
        answer: `The winning bid less our ${FEE_PERCENT} service fee, held until after the date. If you were together at least the agreed length (counted from the later of your two arrivals), the host gets the full share; if shorter, the share is paid pro rata to the minutes together and the rest is refunded to the winner. If the winner never checks in, the host still gets the full share.`,
      },
      {
        question: "What if the host doesn't show up?",
        answer: `If the host has not checked in ${HOST_NO_SHOW_GRACE_MINUTES} minutes after the agreed start, the winner gets everything back automatically, fee included.`,
      },
      {
        question: 'Can I get a refund if the date goes badly?',
        answer: `You can request a refund if the date goes badly. The winner asks with a reason, until the host's share is released (${DISPUTE_WINDOW_HOURS} hours after the date ends). Our moderators decide: in full, in part or not at all. ${REFUND_TIMING_TEXT}.`,
      },
      {
        question: 'When is the host paid?',
        answer: (
          <>
            {DISPUTE_WINDOW_HOURS} hours after the date ends if nobody asked for a refund (or as soon as the winner
            confirms it went well), to the payout account the host connects on their{' '}
            <Link href="/profile?tab=payments">profile</Link>. Without one the money waits and we remind you every{' '}
            {PAYOUT_REMINDER_DAYS} days.
          </>
        ),
      },
    ],
  },
  {
    id: 'safety-and-trust',
    topic: 'Safety and trust',
    faqs: [
      {
        question: 'How do you verify members?',
        answer: 'Identity is verified through a partner that specialises in identity checks.',
      },
      {
        question: 'What kind of dates are allowed?',
        answer:
          'All dates are public and non-sexual. Outings such as a coffee, a dinner or an activity take place in public places.',
      },
      {
        question: 'Who can message me?',
        answer: 'Only the winner and the host of an auction can message each other.',
      },
      {
        question: 'How quickly are reports reviewed?',
        answer: 'Our target for reviewing reports is 24 hours.',
      },
    ],
  },
  {
    id: 'privacy',
    topic: 'Privacy',
    faqs: [
      {
        question: 'How long do you keep my verification data?',
        answer: 'We keep verification data for 30 days, and then delete it.',
      },
      {
        question: 'What happens if I stop using my account?',
        answer: 'Inactive accounts are deleted after 12 months.',
      },
      {
        question: 'How do I see or delete my data?',
        answer: (
          <>
            Send us a rights request to see, correct, export or delete your data. We answer rights requests within 30-45
            days. Read the full <Link href="/privacy">Privacy Policy</Link>.
          </>
        ),
      },
    ],
  },
];

function FaqItem({ faq }: { faq: Faq }) {
  return (
    <details className="group rounded-xl border border-black/10 bg-white shadow-sm open:shadow-md">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary [&::-webkit-details-marker]:hidden">
        {faq.question}
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-primary transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="px-5 pb-5 leading-7 text-neutral-text/90 [&_a]:font-medium [&_a]:text-primary [&_a]:underline">
        <p>{faq.answer}</p>
      </div>
    </details>
  );
}

export default function FaqsPage() {
  return (
    <StaticPage
      title="Frequently Asked Questions"
      intro={
        <p>
          Quick answers about joining, bidding, payments, your date, safety and privacy. Select a question to read its
          answer.
        </p>
      }
    >
      <nav aria-label="FAQ topics" className="mb-10">
        <ul className="flex flex-wrap gap-2">
          {FAQ_GROUPS.map((group) => (
            <li key={group.id}>
              <a
                href={`#${group.id}`}
                className="inline-block rounded-full border border-primary/30 bg-white px-4 py-1.5 text-sm font-medium text-primary hover:bg-secondary/40"
              >
                {group.topic}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {FAQ_GROUPS.map((group) => (
        <section
          key={group.id}
          id={group.id}
          aria-labelledby={`${group.id}-heading`}
          className="mt-10 scroll-mt-4 first-of-type:mt-0"
        >
          <h2 id={`${group.id}-heading`} className="text-2xl font-bold tracking-tight">
            {group.topic}
          </h2>
          <div className="mt-4 space-y-3">
            {group.faqs.map((faq) => (
              <FaqItem key={faq.question} faq={faq} />
            ))}
          </div>
        </section>
      ))}
    </StaticPage>
  );
}
