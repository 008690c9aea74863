import { ArrowLeft } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'wouter';

interface StaticPageProps {
  title: string;
  /** A line under the title, such as the policy's effective date. */
  subtitle?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}

/** Shared frame of the static pages (docs/product.md §2): a way home, one h1, readable sections. */
export function StaticPage({ title, subtitle, intro, children }: StaticPageProps) {
  // Footer links navigate inside the app; start a new page at its top, not where the last one was.
  // Braces matter: newer browsers return a promise from scrollTo, which React would take for a cleanup.
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'instant' });
  }, []);

  return (
    <div className="flex-1 bg-background">
      <title>{`${title} | BidYourDate`}</title>
      <div className="bg-palette-gradient">
        <div className="mx-auto w-full max-w-3xl px-4 pb-12 pt-8">
          <Link
            href="/"
            className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to home
          </Link>
          <h1 className="mt-8 text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
          {subtitle && <p className="mt-3 text-sm font-medium text-neutral-text/80">{subtitle}</p>}
          {intro && <div className="mt-6 text-lg text-neutral-text/90">{intro}</div>}
        </div>
      </div>
      <article className="mx-auto w-full max-w-3xl px-4 py-12">{children}</article>
    </div>
  );
}

/** One titled part of a static page; paragraphs and lists inside get readable spacing. */
export function StaticSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10 first:mt-0">
      <h2 className="text-2xl font-bold tracking-tight">{title}</h2>
      <div className="mt-4 space-y-4 leading-7 text-neutral-text/90 [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_li]:mt-2 [&_ul]:list-disc [&_ul]:pl-6">
        {children}
      </div>
    </section>
  );
}
