import { describe, expect, it } from 'vitest';
import { isAnimationComplete } from '../../../frontend/src/features/modules/animationComplete';

const autotoonOrigin = 'https://autotoon.example.com';
const autotoonWindow = { postMessage: () => undefined } as unknown as MessageEventSource;
const message = (change: Partial<Pick<MessageEvent, 'origin' | 'source' | 'data'>> = {}) => ({
  origin: autotoonOrigin,
  source: autotoonWindow,
  data: { type: 'ANIMATION_COMPLETE' },
  ...change,
});

describe("AutoToon's ANIMATION_COMPLETE message", () => {
  it('is accepted from the AutoToon frame on its configured origin', () => {
    expect(isAnimationComplete(message(), autotoonOrigin, autotoonWindow)).toBe(true);
  });

  it('is ignored from another origin, even from the AutoToon frame', () => {
    expect(isAnimationComplete(message({ origin: 'https://evil.example.com' }), autotoonOrigin, autotoonWindow)).toBe(false);
    expect(isAnimationComplete(message({ origin: 'https://autotoon.example.com.evil.example.com' }), autotoonOrigin, autotoonWindow)).toBe(false);
  });

  it('is ignored from another window of the right origin', () => {
    expect(isAnimationComplete(message({ source: {} as MessageEventSource }), autotoonOrigin, autotoonWindow)).toBe(false);
  });

  it('is ignored when it is another message, or when AutoToon is not configured', () => {
    expect(isAnimationComplete(message({ data: 'ANIMATION_COMPLETE' }), autotoonOrigin, autotoonWindow)).toBe(false);
    expect(isAnimationComplete(message({ data: { type: 'ANIMATION_STARTED' } }), autotoonOrigin, autotoonWindow)).toBe(false);
    expect(isAnimationComplete(message(), undefined, autotoonWindow)).toBe(false);
    expect(isAnimationComplete(message(), autotoonOrigin, null)).toBe(false);
  });
});
