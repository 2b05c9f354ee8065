import axe from 'axe-core';
import type { Page } from 'playwright-core';

export interface Finding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core over the page as it is now; every violation, of any impact, each with where it is. */
export async function violations(page: Page): Promise<Finding[]> {
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
  return results;
}

/** The serious and critical violations only: the bar of the screens' own tests (the accessibility suite asks for none at all). */
export async function seriousViolations(page: Page): Promise<Finding[]> {
  return (await violations(page)).filter((finding) => finding.impact === 'serious' || finding.impact === 'critical');
}
