import axe from 'axe-core';
import type { Page } from 'playwright-core';

export interface Finding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core over the page as it is now; the serious and critical violations, each with where it is. */
export async function seriousViolations(page: Page): Promise<Finding[]> {
  // Evaluated through the DevTools protocol, which the app's CSP (script-src 'self') does not govern.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axe.source);
  const results = await page.evaluate(() =>
    (globalThis as unknown as { axe: typeof axe }).axe.run({ resultTypes: ['violations'] }).then((answer) =>
      answer.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? null,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      })),
    ),
  );
  return results.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical');
}
