/**
 * A push subscription's endpoint is a URL the server will POST to, so it is an SSRF vector:
 * only https endpoints of the known push services are accepted (Google FCM, Mozilla autopush,
 * Apple, Microsoft WNS), plus the exact origins an operator lists in PUSH_ALLOWED_ORIGINS
 * (docs/notifications.md).
 */
const KNOWN_PUSH_HOSTS: readonly RegExp[] = [
  /^fcm\.googleapis\.com$/,
  // The same FCM for every Chrome channel but Stable (Beta, Dev, Canary, and Chromium builds
  // that name no channel, such as Debian's): Chromium's GetGcmEndpointForChannel
  // (components/push_messaging) hands out https://jmt17.google.com/fcm/send/<token> there.
  /^jmt17\.google\.com$/,
  /^android\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^[a-z0-9-]+\.push\.services\.mozilla\.com$/,
  /^web\.push\.apple\.com$/,
  /^[a-z0-9-]+\.push\.apple\.com$/,
  /^[a-z0-9-]+\.notify\.windows\.com$/,
];

export function isAllowedPushEndpoint(endpoint: string, allowedOrigins: readonly string[]): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  // Credentials in the URL would be sent along; no push service needs them.
  if (url.username || url.password) return false;
  if (allowedOrigins.includes(url.origin)) return true;
  return url.protocol === 'https:' && url.port === '' && KNOWN_PUSH_HOSTS.some((host) => host.test(url.hostname));
}
