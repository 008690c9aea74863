import {
  isProfileComplete,
  nextOnboardingStep,
  ONBOARDING_STEPS,
  ONBOARDING_TEXTS,
  type OnboardingOutcome,
  type OnboardingState,
  type OnboardingStep,
} from '@bid/contract';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { RedirectTo } from '@/components/layout/Redirect';
import { Button } from '@/components/ui/button';
import { type CurrentUser, useAuth } from '@/lib/useAuth';
import {
  DevicePushControl,
  type DevicePushControlState,
} from '@/features/notification-settings/components/DevicePushControl';
import { rememberPushPromptAnswer } from '@/features/notification-settings/components/PushPrompt';
import { useAnswerOnboarding } from '@/features/onboarding/api/answerOnboarding';
import { PaymentMethodsTab } from '@/features/payments/components/PaymentMethodsTab';
import { useHasPaymentMethod } from '@/lib/useHasPaymentMethod';
import { useProfilePhotos } from '@/features/profile/api/profilePhotos';
import { EditProfileForm } from '@/features/profile/components/EditProfileDialog';
import { ProfilePhotos } from '@/features/profile/components/ProfilePhotos';

/** The first step after `step` still pending in `state`, or null when onboarding is over. */
function stepAfter(step: OnboardingStep, state: OnboardingState): OnboardingStep | null {
  return ONBOARDING_STEPS.slice(ONBOARDING_STEPS.indexOf(step) + 1).find((next) => state[next] === 'pending') ?? null;
}

/**
 * Onboarding right after sign-up (docs/accounts.md "Onboarding"): a photo, a card, notifications
 * on this device, each with "Skip for now". The home page sends a member here while a step is
 * pending; each answer is stored on the server, so a step never comes back.
 */
export default function OnboardingPage() {
  const { user } = useAuth();
  const answer = useAnswerOnboarding();
  // The step is chosen once, then moved only by an answer: adding a photo already counts the step
  // as done on the server, and the page must not jump away while the member adds more.
  const [step, setStep] = useState<OnboardingStep | null>(() =>
    user?.onboarding ? nextOnboardingStep(user.onboarding) : null,
  );

  const answerStep = useCallback(
    (current: OnboardingStep, outcome: OnboardingOutcome) => {
      if (current === 'notifications') rememberPushPromptAnswer();
      answer.mutate({ [current]: outcome }, { onSuccess: (state) => setStep(stepAfter(current, state)) });
    },
    [answer],
  );

  if (!user || step === null) return <RedirectTo to="/" />;

  const index = ONBOARDING_STEPS.indexOf(step);
  // Step 1 asks for what the profile needs (name, age, place) before the photo, so nobody starts
  // out as "Anonymous User" (docs/accounts.md "Onboarding").
  const texts = step === 'photo' && !isProfileComplete(user) ? ONBOARDING_TEXTS.profile : ONBOARDING_TEXTS[step];
  const props = { busy: answer.isPending, onAnswer: (outcome: OnboardingOutcome) => answerStep(step, outcome) };

  return (
    <div data-testid="page-onboarding" className="mx-auto w-full max-w-2xl space-y-6 px-4 py-8">
      <div className="space-y-2">
        <p className="text-sm font-medium text-neutral-text/75" data-testid="onboarding-progress">
          {ONBOARDING_TEXTS.progress(index)}
        </p>
        <div
          role="progressbar"
          aria-label="Onboarding progress"
          aria-valuemin={0}
          aria-valuemax={ONBOARDING_STEPS.length}
          aria-valuenow={index + 1}
          className="h-2 overflow-hidden rounded-full bg-secondary/50"
        >
          <div className="h-full bg-primary" style={{ width: `${((index + 1) / ONBOARDING_STEPS.length) * 100}%` }} />
        </div>
        <h1 className="text-2xl font-bold">{texts.title}</h1>
        <p className="text-neutral-text/80">{texts.description}</p>
      </div>
      {/* Keyed by step: each step mounts afresh, so its "already true" check runs on arrival. */}
      {step === 'photo' && <PhotoStep key="photo" user={user} {...props} />}
      {step === 'card' && <CardStep key="card" {...props} />}
      {step === 'notifications' && <NotificationsStep key="notifications" {...props} />}
    </div>
  );
}

interface StepProps {
  busy: boolean;
  onAnswer: (outcome: OnboardingOutcome) => void;
}

/**
 * The profile form while the profile is incomplete (what it needs first), then the photos of the
 * profile page. Saving the form brings the photos, in the same step.
 */
function PhotoStep({ user, busy, onAnswer }: StepProps & { user: CurrentUser }) {
  const photos = useProfilePhotos();
  const hasPhoto = (photos.data?.length ?? 0) > 0;
  if (!isProfileComplete(user)) {
    return (
      <>
        <EditProfileForm user={user} onDone={() => undefined} submitLabel={ONBOARDING_TEXTS.profile.save} />
        <StepActions busy={busy} canContinue={false} onAnswer={onAnswer} hideContinue />
      </>
    );
  }
  return (
    <>
      <ProfilePhotos />
      <StepActions busy={busy} canContinue={hasPhoto} onAnswer={onAnswer} />
    </>
  );
}

/** The card setup of the profile's Payment Methods tab; a member who already has a card moves on at once. */
function CardStep({ busy, onAnswer }: StepProps) {
  const hasCard = useHasPaymentMethod();
  useDoneOnArrival(hasCard, onAnswer);
  return (
    <>
      <PaymentMethodsTab />
      <StepActions busy={busy} canContinue={hasCard === true} onAnswer={onAnswer} />
    </>
  );
}

/** The profile's "this device" push control; a device already receiving pushes moves on at once. */
function NotificationsStep({ busy, onAnswer }: StepProps) {
  const [state, setState] = useState<DevicePushControlState>('loading');
  useDoneOnArrival(state === 'loading' ? undefined : state === 'on', onAnswer);
  return (
    <>
      <DevicePushControl onStateChange={setState} />
      <StepActions busy={busy} canContinue={state === 'on'} onAnswer={onAnswer} />
    </>
  );
}

/** Answers `done` once, when the first known value says the step's point already holds. */
function useDoneOnArrival(holds: boolean | undefined, onAnswer: (outcome: OnboardingOutcome) => void) {
  const checked = useRef(false);
  useEffect(() => {
    if (checked.current || holds === undefined) return;
    checked.current = true;
    if (holds) onAnswer('done');
  }, [holds, onAnswer]);
}

function StepActions({
  busy,
  canContinue,
  onAnswer,
  hideContinue = false,
}: StepProps & { canContinue: boolean; hideContinue?: boolean }): ReactNode {
  return (
    <div className="flex flex-wrap justify-end gap-3">
      <Button type="button" variant="ghost" disabled={busy} onClick={() => onAnswer('skipped')}>
        {ONBOARDING_TEXTS.skip}
      </Button>
      {!hideContinue && (
        <Button type="button" disabled={busy || !canContinue} onClick={() => onAnswer('done')}>
          {ONBOARDING_TEXTS.continue}
        </Button>
      )}
    </div>
  );
}
