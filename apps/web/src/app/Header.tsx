import { Heart, Plus, Search, User, X } from 'lucide-react';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import type { CurrentUser } from '@/lib/useAuth';
import { MessagesHeaderButton } from '@/features/messages';
import { NotificationBell } from '@/features/notifications';
import { useOutbidToast } from '@/features/auctions';
import { HeaderSearch } from '@/features/search';
import { useMenuOnDemand } from '@/lib/useLoadOnDemand';
import { cn } from '@/lib/utils';

/**
 * The signed-in header of docs/product.md §2: logo, search box with its dropdown, Create, the
 * notification bell, messages and the user menu. On a phone it is compact (docs/web-app.md):
 * the logo is its heart, Create its plus, and the search box opens as a full-width sheet
 * from a search button.
 */
export function Header({ user }: { user: CurrentUser }) {
  const displayName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const menuLabel = displayName ? `Account menu for ${displayName}` : 'Account menu';
  const [isSearchOpen, setSearchOpen] = useState(false);
  const searchRef = useRef<HTMLDivElement>(null);
  const [location] = useLocation();
  useOutbidToast(user.id);

  // Moving to another page closes the phone's search sheet.
  useEffect(() => setSearchOpen(false), [location]);
  useEffect(() => {
    if (isSearchOpen) searchRef.current?.querySelector('input')?.focus();
  }, [isSearchOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-black/10 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-3 sm:gap-4 sm:px-4">
        <Logo compact />
        <div
          ref={searchRef}
          className={cn(
            'min-w-0 flex-1 justify-center sm:static sm:flex sm:bg-transparent sm:p-0 sm:shadow-none',
            isSearchOpen
              ? 'fixed inset-x-0 top-0 z-50 flex items-start gap-2 bg-white p-3 shadow-lg'
              : 'hidden sm:flex',
          )}
          data-slot="header-search"
          onKeyDown={(event) => {
            if (event.key === 'Escape') setSearchOpen(false);
          }}
        >
          <HeaderSearch />
          {isSearchOpen && (
            <Button
              variant="ghost"
              size="icon"
              className="sm:hidden"
              aria-label="Close search"
              onClick={() => setSearchOpen(false)}
            >
              <X aria-hidden="true" />
            </Button>
          )}
        </div>
        <span className="flex-1 sm:hidden" aria-hidden="true" />
        <Button
          variant="ghost"
          size="icon"
          className="sm:hidden"
          aria-label="Search"
          aria-expanded={isSearchOpen}
          data-testid="open-search"
          onClick={() => setSearchOpen(true)}
        >
          <Search aria-hidden="true" />
        </Button>
        <Button asChild size="sm" className="max-sm:size-9 max-sm:px-0">
          <Link href="/create-auction" aria-label="Create">
            <Plus aria-hidden="true" /> <span className="max-sm:sr-only">Create</span>
          </Link>
        </Button>
        <div data-slot="notifications">
          <NotificationBell userId={user.id} />
        </div>
        <MessagesHeaderButton />
        <AccountMenuButton user={user} label={menuLabel} />
      </div>
    </header>
  );
}

const loadAccountMenu = () => import('./AccountMenu');

/** The account button; its menu's code loads on first use (`useMenuOnDemand`). */
function AccountMenuButton({ user, label }: { user: CurrentUser; label: string }) {
  const { menu, plainButtonProps } = useMenuOnDemand(loadAccountMenu);
  const trigger = (props: ComponentProps<typeof Button> = {}) => (
    <Button variant="ghost" size="icon" aria-label={label} data-testid="account-menu" {...props}>
      <User aria-hidden="true" className="h-5 w-5" />
    </Button>
  );
  return menu ? <menu.AccountMenu user={user} trigger={trigger()} /> : trigger(plainButtonProps);
}

/** `compact`: on a phone only the heart shows (the link keeps its name). */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link
      href="/"
      className="flex shrink-0 items-center gap-2 text-lg font-bold text-primary"
      aria-label="BidYourDate home"
    >
      <Heart aria-hidden="true" className="h-6 w-6 fill-current" />
      <span className={compact ? 'max-sm:hidden' : undefined}>BidYourDate</span>
    </Link>
  );
}
