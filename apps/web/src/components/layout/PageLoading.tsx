export function PageLoading() {
  return (
    <div className="flex flex-1 items-center justify-center py-24" role="status" aria-live="polite">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-secondary border-t-primary" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
