import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactElement } from 'react';
import { Link } from 'wouter';
import { DropdownPanel } from '@/components/ui/dropdown-menu';
import { apiUrl } from '@/lib/apiClient';
import type { CurrentUser } from '@/lib/useAuth';

/**
 * The user menu of docs/product.md §2 (Profile, Watching, Moderation for moderators, Log out).
 * Loaded when the account button is first pressed (Header's `AccountMenuButton`), and mounted
 * open: the press that loaded it is the one that opens it.
 */
export function AccountMenu({ user, trigger }: { user: CurrentUser; trigger: ReactElement }) {
  return (
    <DropdownPanel trigger={trigger} defaultOpen className="min-w-40 py-1">
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
    </DropdownPanel>
  );
}

const menuItemClass =
  'block cursor-pointer px-4 py-2 text-sm outline-none data-[highlighted]:bg-secondary/40 focus-visible:bg-secondary/40';
