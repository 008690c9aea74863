import { SIGN_IN_PROVIDERS, type SignInProvider } from '@bid/contract';
import { Button } from '@/components/ui/button';
import { apiUrl } from '@/lib/apiClient';

const PROVIDER_LABELS: Record<SignInProvider, string> = {
  google: 'Google',
  replit: 'Replit',
  apple: 'Apple',
  twitter: 'Twitter',
};

/** Provider sign-in is a full-page redirect through the server (docs/product.md §2, §7). */
export function ProviderButtons({ disabled }: { disabled?: boolean }) {
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {SIGN_IN_PROVIDERS.map((provider) => (
        <Button
          key={provider}
          type="button"
          variant="outline"
          disabled={disabled}
          data-provider={provider}
          onClick={() => {
            window.location.href = apiUrl('startProviderSignIn', { query: { provider } });
          }}
        >
          Continue with {PROVIDER_LABELS[provider]}
        </Button>
      ))}
    </div>
  );
}
