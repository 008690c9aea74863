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
};
