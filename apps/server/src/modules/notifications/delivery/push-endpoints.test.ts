import { describe, expect, it } from 'vitest';
import { isAllowedPushEndpoint } from './push-endpoints.js';

describe('push endpoints (SSRF allow-list)', () => {
  it('accepts the known push services over https', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://jmt17.google.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGuQyavXutnMx',
      'https://wns2-by3p.notify.windows.com/w/?token=BQYAAA',
    ]) {
      expect(isAllowedPushEndpoint(endpoint, []), endpoint).toBe(true);
    }
  });

  it('refuses everything else: other hosts, http, ports, credentials, look-alikes, internal addresses', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://jmt17.google.com.evil.example/x',
      'https://evil.jmt17.google.com/x',
      'https://user:pw@fcm.googleapis.com/x',
      'https://169.254.169.254/latest/meta-data',
      'http://127.0.0.1:5432/',
      'https://localhost/push',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect(isAllowedPushEndpoint(endpoint, []), endpoint).toBe(false);
    }
  });

  it('accepts the exact origins of PUSH_ALLOWED_ORIGINS, http included, and nothing next to them', () => {
    const allowed = ['http://127.0.0.1:5599'];
    expect(isAllowedPushEndpoint('http://127.0.0.1:5599/push/abc', allowed)).toBe(true);
    expect(isAllowedPushEndpoint('http://127.0.0.1:5598/push/abc', allowed)).toBe(false);
    expect(isAllowedPushEndpoint('https://127.0.0.1:5599/push/abc', allowed)).toBe(false);
  });
});
