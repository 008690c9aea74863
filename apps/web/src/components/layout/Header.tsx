import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Heart, Plus, User } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import type { CurrentUser } from '@/features/auth/useAuth';
import { MessagesHeaderButton } from '@/features/messages/components/MessagesHeaderButton';
import { NotificationBell } from '@/features/notifications/components/NotificationBell';
import { HeaderSearch } from '@/features/search/components/HeaderSearch';

/**
 * The signed-in header of SPEC §2: logo, search box with its dropdown, Create, the
 * notification bell, messages and the user menu.
 */
export function Header({ user }: { user: CurrentUser }) {
  const displayName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const menuLabel = displayName ? `Account menu for ${displayName}` : 'Account menu';
  return (
    <header className="sticky top-0 z-40 border-b border-black/10 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <Logo />
        <div className="flex min-w-0 flex-1 justify-center" data-slot="header-search">
          <HeaderSearch />
        </div>
        <Button asChild size="sm">
          <Link href="/create-auction">
            <Plus aria-hidden="true" /> Create
          </Link>
        </Button>
        <div data-slot="notifications">
          <NotificationBell userId={user.id} />
        </div>
        <MessagesHeaderButton />
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger asChild>
            <Button variant="ghost" size="icon" aria-label={menuLabel} data-testid="account-menu">
              <User aria-hidden="true" className="h-5 w-5" />
            </Button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="end"
              sideOffset={8}
              className="z-50 min-w-40 rounded-md border border-black/10 bg-white py-1 shadow-lg"
            >
              <DropdownMenu.Item asChild className={menuItemClass}>
                <Link href="/profile">Profile</Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className={menuItemClass}>
                <Link href="/watching">Watching</Link>
              </DropdownMenu.Item>
              {user.role === 'moderator' ? (
                <DropdownMenu.Item asChild className={menuItemClass}>
                  <Link href="/moderation">Moderation</Link>
                </DropdownMenu.Item>
              ) : null}
              <DropdownMenu.Item asChild className={menuItemClass}>
                {/* A full navigation: the server ends the session and redirects (SPEC §2). */}
                <a href="/api/logout">Log out</a>
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
    </header>
  );
}

const menuItemClass =
  'block cursor-pointer px-4 py-2 text-sm outline-none data-[highlighted]:bg-secondary/40 focus-visible:bg-secondary/40';

export function Logo() {
  return (
    <Link href="/" className="flex items-center gap-2 text-lg font-bold text-primary" aria-label="BidYourDate home">
      <Heart aria-hidden="true" className="h-6 w-6 fill-current" />
      <span>BidYourDate</span>
    </Link>
  );
}
