import { Link } from 'wouter';
import { Button } from '@/components/ui/button';

export default function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <h1 className="text-4xl font-bold">404 Page Not Found</h1>
      <p className="mt-4 text-neutral-text/80">The page you are looking for does not exist or has moved.</p>
      <Button asChild className="mt-8">
        <Link href="/">Go home</Link>
      </Button>
    </section>
  );
}
