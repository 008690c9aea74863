import { describe, expect, it } from 'vitest';
import { keyboardInsetOf } from './visualViewport';

describe('keyboardInsetOf', () => {
  it('is the part of the layout viewport the keyboard covers', () => {
    expect(keyboardInsetOf(844, { height: 844, offsetTop: 0 })).toEqual({ inset: 0, height: 844 });
    expect(keyboardInsetOf(844, { height: 508, offsetTop: 0 })).toEqual({ inset: 336, height: 508 });
    // Scrolled within the visual viewport: what lies above it is not keyboard.
    expect(keyboardInsetOf(844, { height: 508, offsetTop: 40 })).toEqual({ inset: 296, height: 508 });
  });

  it('is zero without a visual viewport, and never negative', () => {
    expect(keyboardInsetOf(700, null)).toEqual({ inset: 0, height: 700 });
    expect(keyboardInsetOf(700, { height: 720, offsetTop: 0 })).toEqual({ inset: 0, height: 720 });
  });
});
