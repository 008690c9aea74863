/**
 * A whole page still loading, under the header the shell always shows (docs/web-app.md "One
 * header"): the shape of a page (a heading, a line, two blocks) rather than a bare spinner. It
 * fills at least one screen so the footer starts below the fold and does not jump down when the
 * page arrives (a layout shift, docs/performance.md "Lighthouse (mobile)").
 */
export function PageLoading() {
  return (
    <div
      className="mx-auto grid min-h-screen w-full max-w-6xl flex-1 content-start gap-4 px-4 py-8"
      role="status"
      aria-live="polite"
      aria-label="Loading"
      data-testid="page-skeleton"
    >
      <span className="sr-only">Loading…</span>
      <div aria-hidden="true" className="h-9 w-2/3 max-w-md animate-pulse rounded bg-secondary/50" />
      <div aria-hidden="true" className="h-5 w-1/2 max-w-sm animate-pulse rounded bg-secondary/40" />
      <div aria-hidden="true" className="grid gap-6 pt-4 sm:grid-cols-2 lg:grid-cols-3">
        <div className="h-64 animate-pulse rounded-xl bg-secondary/40" />
        <div className="h-64 animate-pulse rounded-xl bg-secondary/40 max-sm:hidden" />
        <div className="h-64 animate-pulse rounded-xl bg-secondary/40 max-lg:hidden" />
      </div>
    </div>
  );
}
