import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules) on the page as it is. The script is evaluated through the DevTools
 * protocol, not added as a <script>, so the page's strict CSP stays in force while it runs. Returns the serious
 * and critical violations.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: unknown) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return (
      result.violations as {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: unknown[] }[];
      }[]
    ).map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => JSON.stringify(node.target)),
    }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}
