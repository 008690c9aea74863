import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactElement } from 'react';
import { Link } from 'wouter';
import { apiUrl } from '@/lib/apiClient';
import type { CurrentUser } from '@/lib/useAuth';

/**
 * The user menu of docs/product.md §2 (Profile, Watching, Moderation for moderators, Log out).
 * Loaded when the account button is first pressed (Header's `AccountMenuButton`), and mounted
 * open: the press that loaded it is the one that opens it.
 */
export function AccountMenu({ user, trigger }: { user: CurrentUser; trigger: ReactElement }) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
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
            {/* A full navigation: the server ends the session and redirects (docs/product.md §2). */}
            <a href={apiUrl('signOutByLink', {})}>Log out</a>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

const menuItemClass =
  'block cursor-pointer px-4 py-2 text-sm outline-none data-[highlighted]:bg-secondary/40 focus-visible:bg-secondary/40';
