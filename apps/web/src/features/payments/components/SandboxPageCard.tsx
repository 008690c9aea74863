import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';

interface SandboxPageCardProps {
  title: string;
  /** What the page stands in for (a bank's check, Stripe's onboarding). */
  description: ReactNode;
  children: ReactNode;
}

/** A page of the offline payment sandbox: one card marked "Test mode", with its title, what it stands in for, and its content. */
export function SandboxPageCard({ title, description, children }: SandboxPageCardProps) {
  return (
    <section className="mx-auto flex w-full max-w-lg flex-1 flex-col justify-center px-4 py-16">
      <Card>
        <CardContent className="grid gap-5 p-6">
          <div className="grid gap-2">
            <Badge variant="secondary" className="w-fit gap-1">
              <FlaskConical aria-hidden="true" className="size-3" />
              Test mode
            </Badge>
            <h1 className="text-2xl font-bold">{title}</h1>
            <p className="text-neutral-text/80">{description}</p>
          </div>
          {children}
        </CardContent>
      </Card>
    </section>
  );
}
