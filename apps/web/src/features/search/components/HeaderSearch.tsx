import {
  formatWholeDollars,
  SEARCH_DEBOUNCE_MS,
  SEARCH_DROPDOWN_LIMIT,
  type SearchResults,
  displayNameOf,
} from '@bid/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Input } from '@/components/ui/input';
import { dateTypeLabel } from '@/lib/auctionLabels';
import { Avatar } from '@/components/Avatar';
import { searchQueryOptions } from '../api/search';
import { searchPageHref } from '../format';
import { useDebouncedValue } from '@/lib/useDebouncedValue';

/**
 * The header's search box (docs/product.md §2): debounced 300 ms; searches only while its dropdown is
 * open and the trimmed text is not empty (docs/product.md §5); the dropdown shows up to 3 people and 3
 * auctions with their counts and a link to every result.
 */
export function HeaderSearch() {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const containerRef = useRef<HTMLDivElement>(null);
  const listId = useId();

  const debounced = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    ...searchQueryOptions(debounced),
    enabled: open && debounced !== '',
    // While the next text is on its way, the last results stay instead of flashing empty.
    placeholderData: keepPreviousData,
  });

  // A click anywhere outside the box closes the dropdown.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const go = (href: string) => {
    setOpen(false);
    setText('');
    navigate(href);
  };

  const trimmed = text.trim();

  return (
    <div ref={containerRef} className="relative w-full max-w-md" data-testid="header-search">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-neutral-text/50"
      />
      <Input
        type="search"
        value={text}
        placeholder="Search users and auctions..."
        aria-label="Search users and auctions"
        // A search box may name the results panel it controls; aria-expanded is not allowed on it (axe).
        aria-controls={open ? listId : undefined}
        autoComplete="off"
        className="pl-9"
        onFocus={() => setOpen(true)}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
          if (event.key === 'Enter' && trimmed) {
            event.preventDefault();
            go(searchPageHref(trimmed));
          }
        }}
      />
      {open ? (
        <div
          id={listId}
          className="absolute left-0 right-0 top-full z-50 mt-2 overflow-hidden rounded-md border border-black/10 bg-white shadow-lg"
          data-testid="search-dropdown"
        >
          <DropdownBody text={trimmed} results={trimmed ? query.data : undefined} isError={query.isError} onPick={go} />
        </div>
      ) : null}
    </div>
  );
}

function Message({ children }: { children: string }) {
  return <p className="px-4 py-6 text-center text-sm text-neutral-text/70">{children}</p>;
}

function DropdownBody({
  text,
  results,
  isError,
  onPick,
}: {
  text: string;
  results: SearchResults | undefined;
  isError: boolean;
  onPick: (href: string) => void;
}) {
  if (!text) return <Message>Start typing to search...</Message>;
  if (isError && !results) return <Message>Search failed</Message>;
  if (!results) return <Message>Searching...</Message>;
  if (results.users.length === 0 && results.auctions.length === 0) return <Message>No results found</Message>;

  const users = results.users.slice(0, SEARCH_DROPDOWN_LIMIT);
  const auctions = results.auctions.slice(0, SEARCH_DROPDOWN_LIMIT);
  return (
    <div className="max-h-[70vh] overflow-y-auto py-2">
      {users.length > 0 ? (
        <section aria-label="Users">
          <h4 className="px-4 py-1 text-xs font-semibold uppercase text-neutral-text/80">
            Users ({results.users.length})
          </h4>
          <ul>
            {users.map((user) => (
              <li key={user.id}>
                <button
                  type="button"
                  className="flex w-full items-center gap-3 px-4 py-2 text-left text-sm hover:bg-secondary/40 focus-visible:bg-secondary/40 focus-visible:outline-none"
                  onClick={() => onPick('/profile')}
                  data-testid="search-user-result"
                >
                  <Avatar
                    name={displayNameOf(user)}
                    src={user.profileImageUrl}
                    className="size-8 shrink-0 text-xs font-semibold"
                  />
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{displayNameOf(user)}</span>
                    {user.location ? (
                      <span className="block truncate text-xs text-neutral-text/70">{user.location}</span>
                    ) : null}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {auctions.length > 0 ? (
        <section aria-label="Auctions">
          <h4 className="px-4 py-1 text-xs font-semibold uppercase text-neutral-text/80">
            Auctions ({results.auctions.length})
          </h4>
          <ul>
            {auctions.map((auction) => (
              <li key={auction.id}>
                <button
                  type="button"
                  className="flex w-full items-center justify-between gap-3 px-4 py-2 text-left text-sm hover:bg-secondary/40 focus-visible:bg-secondary/40 focus-visible:outline-none"
                  onClick={() => onPick(`/auction/${auction.id}`)}
                  data-testid="search-auction-result"
                >
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{auction.title}</span>
                    <span className="block truncate text-xs text-neutral-text/70">
                      {dateTypeLabel(auction.dateType)}
                      {auction.location ? ` · ${auction.location}` : ''}
                    </span>
                  </span>
                  <span className="shrink-0 font-semibold text-primary">{formatWholeDollars(auction.currentBid)}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="mt-1 border-t border-black/10 px-4 pt-2">
        <Link
          href={searchPageHref(text)}
          className="block py-1 text-center text-sm font-medium text-primary hover:underline"
          onClick={(event) => {
            event.preventDefault();
            onPick(searchPageHref(text));
          }}
        >
          View all results
        </Link>
      </div>
    </div>
  );
}
