import type { ModerationAction } from '@bid/contract';

/**
 * The statement of reasons each side of a report receives (docs/trust-and-safety.md): the
 * reporter ('report_resolved') and the reported member ('moderation_action'), each quoting the
 * moderator's reasons word for word.
 */
const REPORTER_OUTCOME: Record<ModerationAction, string> = {
  dismiss: 'We reviewed your report and took no action.',
  warn: 'We reviewed your report and warned the member.',
  hide_auction: 'We reviewed your report and removed the auction.',
  suspend_user: 'We reviewed your report and suspended the member.',
  hide_review: 'We reviewed your report and removed the review.',
  overturn_no_show: 'We reviewed the date and found that the member did show up.',
  lift_hosting_suspension: 'We reviewed the case and lifted the pause on their hosting.',
};

const REPORTED_TEXTS: Record<ModerationAction, { title: string; outcome: (auctionTitle: string | null) => string }> = {
  dismiss: {
    title: 'A report about you was reviewed',
    outcome: () => 'Our moderators reviewed a report about you and took no action.',
  },
  warn: {
    title: 'A warning from our moderators',
    outcome: () => 'Our moderators reviewed a report about you and are giving you a warning.',
  },
  hide_auction: {
    title: 'Your auction was removed',
    outcome: (title) =>
      title ? `Our moderators removed your auction "${title}".` : 'Our moderators removed your auction.',
  },
  suspend_user: {
    title: 'Your account was suspended',
    outcome: () => 'Our moderators suspended your account.',
  },
  hide_review: {
    title: 'Your review was removed',
    outcome: () => 'Our moderators removed a review you wrote.',
  },
  overturn_no_show: {
    title: 'A no-show was taken off your record',
    outcome: () => 'Our moderators reviewed a date and found that you did show up.',
  },
  lift_hosting_suspension: {
    title: 'You can host again',
    outcome: () => 'Our moderators lifted the pause on your hosting.',
  },
};

export function reporterNotice(action: ModerationAction, reasons: string) {
  return { title: 'Your report was reviewed', message: `${REPORTER_OUTCOME[action]} Reasons: ${reasons}` };
}

export function reportedMemberNotice(action: ModerationAction, reasons: string, auctionTitle: string | null) {
  const text = REPORTED_TEXTS[action];
  return { title: text.title, message: `${text.outcome(auctionTitle)} Reasons: ${reasons}` };
}
