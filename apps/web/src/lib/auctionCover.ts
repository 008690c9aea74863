import { api, type ApiOutput } from '@/lib/apiClient';
import { uploadImageFile, uploadUrlWithoutQuery } from '@/lib/uploads';

/** Uploads a cropped picture and makes it the auction's cover. */
export async function setAuctionCover(auctionId: string, image: Blob): Promise<ApiOutput<'setAuctionCover'>> {
  const imageURL = uploadUrlWithoutQuery(await uploadImageFile(image));
  return api('setAuctionCover', { params: { id: auctionId }, body: { imageURL } });
}

/** The auction shows its default picture again. */
export function clearAuctionCover(auctionId: string): Promise<ApiOutput<'clearAuctionCover'>> {
  return api('clearAuctionCover', { params: { id: auctionId } });
}
