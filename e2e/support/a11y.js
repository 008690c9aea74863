import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
/** GUIDE §6: no serious or critical axe violations on the page as it is now. */
export async function expectNoSeriousA11yViolations(page) {
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({ id: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')) }));
    expect(serious).toEqual([]);
}
