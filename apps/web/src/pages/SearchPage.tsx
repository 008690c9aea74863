import type { SearchAuction, SearchUser } from '@bid/contract';
import { Search } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSearchResults } from '@/features/search/api/search';
import { AuctionResultCard, UserResultCard } from '@/features/search/components/SearchResultCards';
import { searchPageHref } from '@/features/search/format';

/** /search?q= (docs/product.md §2 "Search page"): the query lives in the URL; tabs All, Users, Auctions with counts. */
export default function SearchPage() {
  const q = (new URLSearchParams(useSearch()).get('q') ?? '').trim();
  const search = useSearchResults(q);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8" data-testid="page-search">
      {/* Keyed by the URL's text, so a new search from the header refills the box. */}
      <SearchForm key={q} initialText={q} />
      {q === '' ? (
        <EmptyState title="Start Your Search">Search for people by name or auctions by title.</EmptyState>
      ) : search.isError ? (
        <p role="alert" className="rounded-md border border-danger/30 bg-danger/5 p-4 text-danger">
          Failed to search. Please try again.
        </p>
      ) : !search.data ? (
        <p className="py-12 text-center text-neutral-text/70">Searching...</p>
      ) : (
        <Results q={q} users={search.data.users} auctions={search.data.auctions} />
      )}
    </div>
  );
}

function SearchForm({ initialText }: { initialText: string }) {
  const [, navigate] = useLocation();
  const [text, setText] = useState(initialText);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(text.trim() ? searchPageHref(text) : '/search');
  };
  return (
    <form onSubmit={submit} role="search" className="mb-6 flex gap-2">
      <Input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search users and auctions..."
        aria-label="Search"
      />
      <Button type="submit">
        <Search aria-hidden="true" /> Search
      </Button>
    </form>
  );
}

function Results({ q, users, auctions }: { q: string; users: SearchUser[]; auctions: SearchAuction[] }) {
  const total = users.length + auctions.length;
  const userGrid = (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {users.map((user) => (
        <UserResultCard key={user.id} user={user} />
      ))}
    </div>
  );
  const auctionGrid = (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {auctions.map((auction) => (
        <AuctionResultCard key={auction.id} auction={auction} />
      ))}
    </div>
  );
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">Search results for &ldquo;{q}&rdquo;</h1>
      <Tabs defaultValue="all">
        <TabsList>
          <TabsTrigger value="all">All ({total})</TabsTrigger>
          <TabsTrigger value="users">Users ({users.length})</TabsTrigger>
          <TabsTrigger value="auctions">Auctions ({auctions.length})</TabsTrigger>
        </TabsList>
        <TabsContent value="all">
          {total === 0 ? (
            <EmptyState title="No Results Found">Try a different name or title.</EmptyState>
          ) : (
            <div className="space-y-8">
              {users.length > 0 ? (
                <section>
                  <h2 className="mb-3 text-lg font-semibold">Users</h2>
                  {userGrid}
                </section>
              ) : null}
              {auctions.length > 0 ? (
                <section>
                  <h2 className="mb-3 text-lg font-semibold">Auctions</h2>
                  {auctionGrid}
                </section>
              ) : null}
            </div>
          )}
        </TabsContent>
        <TabsContent value="users">
          {users.length === 0 ? <EmptyState title="No Users Found">No one&apos;s name matches.</EmptyState> : userGrid}
        </TabsContent>
        <TabsContent value="auctions">
          {auctions.length === 0 ? (
            <EmptyState title="No Auctions Found">No open auction&apos;s title matches.</EmptyState>
          ) : (
            auctionGrid
          )}
        </TabsContent>
      </Tabs>
    </>
  );
}

function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 py-16 text-center">
      <Search aria-hidden="true" className="size-10 text-neutral-text/30" />
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="text-neutral-text/70">{children}</p>
    </div>
  );
}
