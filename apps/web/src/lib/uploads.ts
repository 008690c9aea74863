import { throwIfResNotOk } from '@/lib/api';
import { api } from '@/lib/apiClient';

/** docs/product.md §7: the profile names the upload by its URL without the query string (where a signature lives). */
export function uploadUrlWithoutQuery(uploadURL: string): string {
  const end = uploadURL.search(/[?#]/);
  return end === -1 ? uploadURL : uploadURL.slice(0, end);
}

/** Asks for an upload URL and PUTs the image there; answers the URL (with its query). */
export async function uploadImageFile(image: Blob): Promise<string> {
  {
    const { uploadURL } = await api('createUploadUrl', {});
    const put = await fetch(uploadURL, {
      method: 'PUT',
      body: image,
      headers: { 'Content-Type': image.type },
      // Cookies go with our own upload route (same origin) but not to an S3 bucket, whose
      // presigned URL is the whole authorisation and whose CORS then needs no credentials.
      credentials: 'same-origin',
    });
    await throwIfResNotOk(put);
    return uploadURL;
  }
}
