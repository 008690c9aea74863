import type { ReactNode } from 'react';

/**
 * Frame for pages whose feature is not built yet: it states plainly what will be here
 * instead of pretending to work.
 */
export function UpcomingFeature({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-16">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-neutral-text/80">{children}</p>
    </section>
  );
}
