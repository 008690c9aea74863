import { describe, expect, it } from 'vitest';
import { isAppRoute, robotsTxt } from './app-routes.js';

describe('isAppRoute', () => {
  it('knows every page, with parameters and an optional trailing slash', () => {
    for (const path of [
      '/',
      '/browse',
      '/profile/',
      '/auction/abc',
      '/auctions/x/date',
      '/shared-date/t0k3n',
      '/faqs',
    ]) {
      expect(isAppRoute(path), path).toBe(true);
    }
  });

  it('knows nothing else', () => {
    for (const path of [
      '/no-such-page',
      '/auction',
      '/auction/',
      '/auction/a/b',
      '/browse/x',
      '/api/x',
      '//',
      '/robots.txt',
    ]) {
      expect(isAppRoute(path), path).toBe(false);
    }
  });
});

describe('robotsTxt', () => {
  it('allows public pages and disallows the API and private pages, naming no sitemap', () => {
    const lines = robotsTxt().split('\n');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /messages');
    expect(lines).toContain('Disallow: /shared-date/');
    expect(lines).not.toContain('Disallow: /auction/');
    expect(lines).not.toContain('Disallow: /browse');
    expect(robotsTxt()).not.toMatch(/sitemap/i);
  });
});
