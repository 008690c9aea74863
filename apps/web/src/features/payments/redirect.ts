/** A full-page navigation to a provider's page (an authentication step); its own module so tests can observe it. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
