import { isProfileComplete } from '@bid/contract';
import { useState } from 'react';
import { PageLoading } from '@/components/layout/PageLoading';
import { YourDataSection } from '@/features/account/components/YourDataSection';
import { useAuth } from '@/lib/useAuth';
import { VerifyIdentitySection } from '@/features/identity/components/VerifyIdentitySection';
import { BlockedMembersList } from '@/features/moderation/components/BlockedMembersList';
import { NotificationSettingsSection } from '@/features/notification-settings/components/NotificationSettingsSection';
import { EditProfileDialog } from '@/features/profile/components/EditProfileDialog';
import { IncompleteProfileNotice } from '@/features/profile/components/IncompleteProfileNotice';
import { ProfileHeader } from '@/features/profile/components/ProfileHeader';
import { ProfilePhotos } from '@/features/profile/components/ProfilePhotos';
import { ProfileStats } from '@/features/profile/components/ProfileStats';
import { ProfileTabs } from './profile/ProfileTabs';

/** docs/product.md §2 "Profile page" (signed in only; routes.tsx sends others through /api/login). */
export default function ProfilePage() {
  const { user } = useAuth();
  const [isEditing, setIsEditing] = useState(false);

  if (!user) return <PageLoading />;

  return (
    <div data-testid="page-profile" className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8">
      {!isProfileComplete(user) && <IncompleteProfileNotice onComplete={() => setIsEditing(true)} />}
      <ProfileHeader user={user} onEdit={() => setIsEditing(true)} />
      <ProfilePhotos />
      <VerifyIdentitySection />
      <ProfileStats />
      <ProfileTabs />
      <NotificationSettingsSection />
      <BlockedMembersList />
      <YourDataSection />
      <EditProfileDialog user={user} open={isEditing} onOpenChange={setIsEditing} />
    </div>
  );
}
