import { BOTHER_REPORT_ACTION } from '@bid/contract';
import type { ChatPaneSlots } from '@/features/messages/components/ChatPane';
import { PlanCard } from '@/features/date/components/PlanCard';
import { BlockButton } from '@/features/moderation/components/BlockButton';
import { ReportDialog } from '@/features/moderation/components/ReportDialog';

/**
 * What every chat (the Messages page, an auction's chat) shows from other features: block the other
 * person (docs/trust-and-safety.md), report a message they sent, and an auction chat's date plan.
 */
export const chatPaneSlots: ChatPaneSlots = {
  memberActions: (otherUser) => <BlockButton userId={otherUser.id} name={otherUser.name} isBlocked={false} />,
  messageActions: (message) => (
    <ReportDialog
      targetType="message"
      targetId={message.id}
      variant="ghost"
      label="Report"
      triggerClassName="h-6 px-1 text-xs text-neutral-text/80"
    />
  ),
  auctionPlan: (auctionId) => <PlanCard auctionId={auctionId} />,
  // "Does this bother you?": one tap opens the report of the message, already filled in.
  botherReport: (message) => (
    <ReportDialog
      targetType="message"
      targetId={message.id}
      variant="ghost"
      label={BOTHER_REPORT_ACTION}
      triggerClassName="h-6 px-1 text-xs text-neutral-text/80"
      initialReason="inappropriate_content"
      initialDetails={message.content}
    />
  ),
};
