/**
 * A whole page still loading. It fills at least one screen so the footer starts below the fold and
 * does not jump down when the page arrives (a layout shift, docs/performance.md "Lighthouse (mobile)").
 */
export function PageLoading() {
  return (
    <div className="flex min-h-screen flex-1 items-center justify-center py-24" role="status" aria-live="polite">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-secondary border-t-primary" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
