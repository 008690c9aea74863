import { PROFILE_PICTURE_TEXTS } from '@bid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api, type ApiOutput } from '@/lib/apiClient';
import { AUTH_USER_KEY } from '@/lib/useAuth';
import { uploadImageFile, uploadUrlWithoutQuery } from '@/lib/uploads';
import { onMutationError } from '@/lib/unauthorized';

/** Which of the steps failed decides the docs/product.md §8 text: the file upload, or pointing the profile at it. */
export class ProfileImageStepError extends Error {
  override name = 'ProfileImageStepError';
  constructor(
    readonly step: 'upload' | 'profile',
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

async function runStep<T>(step: ProfileImageStepError['step'], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new ProfileImageStepError(step, error);
  }
}

/**
 * The upload flow of docs/product.md §7: an upload URL (createUploadUrl), PUT the image there with its
 * own content type, then make it the main photo (replaceProfileImage). Answers with the updated current user.
 */
export async function uploadProfileImage(image: Blob): Promise<ApiOutput<'replaceProfileImage'>> {
  const uploadURL = await runStep('upload', () => uploadImageFile(image));
  return runStep('profile', () => api('replaceProfileImage', { body: { imageURL: uploadUrlWithoutQuery(uploadURL) } }));
}

const FAILURE_TEXT: Record<ProfileImageStepError['step'], string> = {
  upload: PROFILE_PICTURE_TEXTS.uploadFailedImage,
  profile: PROFILE_PICTURE_TEXTS.uploadFailedProfile,
};

/** Uploads a cropped picture, refreshes the current user (the avatar) and tells the user how it went. */
export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: async (user) => {
      queryClient.setQueryData(AUTH_USER_KEY, user);
      await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
      toast({ title: PROFILE_PICTURE_TEXTS.updatedTitle, description: 'Your new profile picture is saved.' });
    },
    onError: (error) => {
      const step = error instanceof ProfileImageStepError ? error.step : 'upload';
      const cause = error instanceof ProfileImageStepError ? error.cause : error;
      onMutationError(cause, { title: PROFILE_PICTURE_TEXTS.uploadFailedTitle, description: FAILURE_TEXT[step] });
    },
  });
}
