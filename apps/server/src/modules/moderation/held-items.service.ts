import {
  displayNameOf,
  HELD_ITEM_NOT_FOUND,
  HELD_LISTING_APPROVED_TITLE,
  HELD_LISTING_REJECTED_TITLE,
  heldListingApprovedMessage,
  heldListingRejectedMessage,
  isUuid,
  type DecideHeldItem,
  type HeldItem,
  type PhotoScores,
  type ScreeningReason,
} from '@bid/contract';
import type { Db } from '../../db/client.js';
import type { NewNotification } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { recordAuditEvent } from '../audit/audit.service.js';
import { notifyBiddersOfChange } from '../auctions/auction-notices.js';
import { notifyHeldListingPublished } from '../auctions/listing-screening.js';
import { notify } from '../notifications/notify.js';
import {
  approveHeldAuction,
  decideHeldBio,
  listHeldAuctions,
  listHeldBios,
  listHeldPhotos,
  rejectHeldAuction,
} from './held-items.repository.js';
import type { ModerationDeps } from './moderation.service.js';

/**
 * The moderators' queue of what screening held (docs/trust-and-safety.md "Screening"): listings
 * and bios, each with the texts and the reasons, and the decision that publishes or refuses it.
 */

const HELD_PAGE_SIZE = 50;
export const BIO_APPROVED_TITLE = 'Your bio is visible';
export const BIO_REJECTED_TITLE = 'Your bio was removed';
export const bioRejectedMessage = (reasons: string) => `Our moderators removed your bio. Reasons: ${reasons}`;
export const BIO_APPROVED_MESSAGE = 'Our moderators checked your bio and everyone can see it now.';

const reasonsOf = (value: ScreeningReason[] | string): ScreeningReason[] =>
  typeof value === 'string' ? (JSON.parse(value) as ScreeningReason[]) : value;
const present = (fields: Record<string, string | null>) =>
  Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== null));

const scoresOf = (value: PhotoScores | string | null): PhotoScores | null =>
  typeof value === 'string' ? (JSON.parse(value) as PhotoScores) : value;

/** Photos the image model held, as items of the queue: the picture, the scores or why it could not be classified. */
async function listHeldPhotoItems(db: Db, limit: number): Promise<HeldItem[]> {
  const rows = await listHeldPhotos(db, limit);
  return rows.map((row) => ({
    kind: 'photo' as const,
    id: row.image_id,
    member: { id: row.owner_id, name: displayNameOf({ firstName: row.first_name, lastName: row.last_name }) },
    fields: {},
    reasons: [],
    heldAt: new Date(row.created_at).toISOString(),
    photo: {
      kind: row.kind,
      url: row.url,
      auctionId: row.auction_id,
      scores: scoresOf(row.scores),
      failure: row.failure,
    },
  }));
}

/** GET /api/moderation/held: held listings, bios and photos, oldest first. */
export async function listHeldItems(db: Db): Promise<HeldItem[]> {
  const [held, bios, photos] = await Promise.all([
    listHeldAuctions(db, HELD_PAGE_SIZE),
    listHeldBios(db, HELD_PAGE_SIZE),
    listHeldPhotoItems(db, HELD_PAGE_SIZE),
  ]);
  const items: HeldItem[] = [
    ...held.map((row) => ({
      kind: 'auction' as const,
      id: row.id,
      member: { id: row.creator_id, name: displayNameOf({ firstName: row.first_name, lastName: row.last_name }) },
      fields: present({
        title: row.title,
        description: row.description,
        paymentNotes: row.payment_notes,
        location: row.location,
      }),
      reasons: reasonsOf(row.review_reasons),
      heldAt: new Date(row.held_at).toISOString(),
    })),
    ...bios.map((row) => ({
      kind: 'bio' as const,
      id: row.id,
      member: { id: row.id, name: displayNameOf({ firstName: row.first_name, lastName: row.last_name }) },
      fields: present({ bio: row.bio }),
      reasons: reasonsOf(row.bio_review_reasons),
      heldAt: new Date(row.bio_review_since).toISOString(),
    })),
    ...photos,
  ];
  return items.sort((a, b) => a.heldAt.localeCompare(b.heldAt)).slice(0, HELD_PAGE_SIZE);
}

async function audit(
  db: Db,
  input: { moderatorId: string; resource: string; resourceId: string; decision: string; now: Date },
) {
  // As for reports: 'verify' is the audit action closest to a moderator's checked decision.
  await recordAuditEvent(db, {
    action: 'verify',
    outcome: 'success',
    resource: input.resource,
    resourceId: input.resourceId,
    userId: input.moderatorId,
    details: { decision: input.decision, source: 'screening' },
    complianceLevel: 'ial1',
    at: input.now,
  });
}

/**
 * POST /api/moderation/held/auctions/{id}/decide. Approve: the listing is published (the hook of
 * `onHeldListingPublished` runs), reject: it ends hidden with no winner and its bidders, if an
 * edit held it after bids, are told. Either way the host is told, and the audit chain records it.
 */
export async function decideHeldAuction(
  deps: Pick<ModerationDeps, 'db' | 'now'>,
  moderatorId: string,
  id: string,
  { decision, reasons }: DecideHeldItem,
): Promise<{ id: string; status: 'approved' | 'rejected' }> {
  if (!isUuid(id)) throw notFound(HELD_ITEM_NOT_FOUND);
  const now = deps.now();
  const afterCommit = await deps.db.transaction(async (tx) => {
    const auction =
      decision === 'approve' ? await approveHeldAuction(tx, id, now) : await rejectHeldAuction(tx, id, now);
    if (!auction) throw notFound(HELD_ITEM_NOT_FOUND);
    const notices: NewNotification[] = [
      {
        userId: auction.creatorId,
        type: 'moderation_action',
        title: decision === 'approve' ? HELD_LISTING_APPROVED_TITLE : HELD_LISTING_REJECTED_TITLE,
        message:
          decision === 'approve'
            ? heldListingApprovedMessage(auction.title)
            : heldListingRejectedMessage(auction.title, reasons),
        relatedAuctionId: auction.id,
      },
    ];
    await notify(tx, notices);
    // Every notice refreshes its member's bell once this commits (notify).
    if (decision === 'reject' && auction.bidCount > 0) await notifyBiddersOfChange(tx, auction, 'removed');
    const published = decision === 'approve' ? await notifyHeldListingPublished(tx, auction) : [];
    await audit(tx, { moderatorId, resource: 'auction', resourceId: auction.id, decision: `${decision}_listing`, now });
    return published;
  });
  for (const then of afterCommit) then();
  return { id, status: decision === 'approve' ? 'approved' : 'rejected' };
}

/** POST /api/moderation/held/bios/{userId}/decide: the bio shows again, or is removed. */
export async function decideHeldBioReview(
  deps: Pick<ModerationDeps, 'db' | 'now'>,
  moderatorId: string,
  userId: string,
  { decision, reasons }: DecideHeldItem,
): Promise<{ id: string; status: 'approved' | 'rejected' }> {
  if (!isUuid(userId)) throw notFound(HELD_ITEM_NOT_FOUND);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const row = await decideHeldBio(tx, { userId, approve: decision === 'approve' });
    if (!row) throw notFound(HELD_ITEM_NOT_FOUND);
    await notify(tx, [
      {
        userId,
        type: 'moderation_action',
        title: decision === 'approve' ? BIO_APPROVED_TITLE : BIO_REJECTED_TITLE,
        message: decision === 'approve' ? BIO_APPROVED_MESSAGE : bioRejectedMessage(reasons),
      },
    ]);
    await audit(tx, { moderatorId, resource: 'profile', resourceId: userId, decision: `${decision}_bio`, now });
  });
  return { id: userId, status: decision === 'approve' ? 'approved' : 'rejected' };
}
