import type { AuctionCoverResponse } from '@bid/contract';
import { apiRequest } from '@/lib/api';
import { uploadImageFile, uploadUrlWithoutQuery } from '@/lib/uploads';

/** Uploads a cropped picture and makes it the auction's cover (PUT /api/auctions/:id/cover). */
export async function setAuctionCover(auctionId: string, image: Blob): Promise<AuctionCoverResponse> {
  const imageURL = uploadUrlWithoutQuery(await uploadImageFile(image));
  const res = await apiRequest('PUT', `/api/auctions/${auctionId}/cover`, { imageURL });
  return (await res.json()) as AuctionCoverResponse;
}

/** DELETE /api/auctions/:id/cover: the auction shows its default picture again. */
export async function clearAuctionCover(auctionId: string): Promise<AuctionCoverResponse> {
  const res = await apiRequest('DELETE', `/api/auctions/${auctionId}/cover`);
  return (await res.json()) as AuctionCoverResponse;
}
