import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core in the page and returns the serious and critical violations. axe is evaluated
 * through the DevTools protocol, which the page's CSP does not govern (a script tag would be
 * refused by it), so pages are checked under their real CSP.
 */
export async function seriousViolations(page: Page, options: { iframes?: boolean } = {}): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (iframes) => {
    // Measure the page as a person sees it once it settles: a dialog fading in has half its
    // contrast for 150 ms, which a loaded machine can catch. Endless animations (skeletons) are not awaited.
    const settling = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(settling.map((animation) => animation.finished.catch(() => undefined)));
    const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'], iframes });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  }, options.iframes ?? true);
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}
