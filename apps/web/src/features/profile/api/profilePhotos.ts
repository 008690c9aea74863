import { PROFILE_PICTURE_TEXTS, type ProfilePhotosResponse } from '@bid/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiQuery, apiQueryKey } from '@/lib/apiClient';
import { AUTH_USER_KEY } from '@/lib/useAuth';
import { onMutationError } from '@/lib/unauthorized';
import { uploadImageFile, uploadUrlWithoutQuery } from '@/lib/uploads';

/** The member's photos in order; the first is their main picture (docs/uploads.md). */
export function useProfilePhotos() {
  return useQuery({ ...apiQuery('listProfilePhotos', {}), select: (answer) => answer.photos });
}

/** Every photo change answers the new list; the current user (its main picture) is fetched again. */
function usePhotoMutation<T>(call: (input: T) => Promise<ProfilePhotosResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (answer) => {
      queryClient.setQueryData(apiQueryKey('listProfilePhotos', {}), answer);
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
    api('addProfilePhoto', { body: { imageURL: uploadUrlWithoutQuery(await uploadImageFile(image)) } }),
  );

export const useReorderProfilePhotos = () =>
  usePhotoMutation((photoIds: string[]) => api('reorderProfilePhotos', { body: { photoIds } }));

export const useDeleteProfilePhoto = () =>
  usePhotoMutation((photoId: string) => api('removeProfilePhoto', { params: { photoId } }));
