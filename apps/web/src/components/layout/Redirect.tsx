import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** Client-side redirect for routes a visitor may not see. */
export function RedirectTo({ to }: { to: string }) {
  const [, navigate] = useLocation();
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return null;
}

/** A full-page redirect, for server routes such as /api/login. */
export function BrowserRedirect({ to }: { to: string }) {
  useEffect(() => window.location.replace(to), [to]);
  return null;
}
