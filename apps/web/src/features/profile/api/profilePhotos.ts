import { PROFILE_PICTURE_TEXTS, type ProfilePhotosResponse } from '@bid/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTH_USER_KEY } from '@/lib/useAuth';
import { apiRequest } from '@/lib/api';
import { onMutationError } from '@/lib/unauthorized';
import { uploadImageFile, uploadUrlWithoutQuery } from '@/lib/uploads';

export const PROFILE_PHOTOS_KEY = ['/api/profile/photos'] as const;

/** The member's photos in order; the first is their main picture (docs/uploads.md). */
export function useProfilePhotos() {
  return useQuery({
    queryKey: PROFILE_PHOTOS_KEY,
    queryFn: async () =>
      ((await (await apiRequest('GET', '/api/profile/photos')).json()) as ProfilePhotosResponse).photos,
  });
}

/** Every photo change answers the new list; the current user (its main picture) is fetched again. */
function usePhotoMutation<T>(call: (input: T) => Promise<Response>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => ((await (await call(input)).json()) as ProfilePhotosResponse).photos,
    onSuccess: async (photos) => {
      queryClient.setQueryData(PROFILE_PHOTOS_KEY, photos);
      await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
    },
    // The server's own message when it has one (e.g. "at most 6 photos"), else docs/product.md's text.
    onError: (error) =>
      onMutationError(error, {
        title: PROFILE_PICTURE_TEXTS.uploadFailedTitle,
        description: PROFILE_PICTURE_TEXTS.uploadFailedProfile,
      }),
  });
}

export const useAddProfilePhoto = () =>
  usePhotoMutation(async (image: Blob) =>
    apiRequest('POST', '/api/profile/photos', { imageURL: uploadUrlWithoutQuery(await uploadImageFile(image)) }),
  );

export const useReorderProfilePhotos = () =>
  usePhotoMutation((photoIds: string[]) => apiRequest('PUT', '/api/profile/photos/order', { photoIds }));

export const useDeleteProfilePhoto = () =>
  usePhotoMutation((photoId: string) => apiRequest('DELETE', `/api/profile/photos/${photoId}`));
