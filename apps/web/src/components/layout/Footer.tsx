import { copyrightYears } from '@bid/contract';
import { Link } from 'wouter';
import { cn } from '@/lib/utils';

const FOOTER_LINKS = [
  { href: '/about', label: 'About Us' },
  { href: '/terms', label: 'Terms of Service' },
  { href: '/privacy', label: 'Privacy Policy' },
  { href: '/faqs', label: 'FAQs' },
] as const;

/** docs/product.md §2: a footer on every page. */
export function Footer({ className }: { className?: string }) {
  return (
    <footer className={cn('mt-auto border-t border-black/10 bg-white', className)} data-testid="site-footer">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 sm:flex-row">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="text-neutral-text hover:text-primary hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-sm text-neutral-text/80">© {copyrightYears(new Date())} BidYourDate. All rights reserved.</p>
      </div>
    </footer>
  );
}
