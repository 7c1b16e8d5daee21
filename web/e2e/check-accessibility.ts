// The accessibility checks of the walk over every page (every-route.spec.ts): axe-core's serious and
// critical violations of WCAG 2.1 A and AA, each reported with the rule and the elements it names; and on
// the wide screen the keyboard through the first controls of a page, each one it reaches showing where the
// focus is.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules checked: WCAG 2.1 at levels A and AA. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** What fails the walk: what axe rates serious or critical. */
const FAILING = new Set(['serious', 'critical']);

/** The page's serious and critical violations, one line each: rule, impact and the first elements. */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Tab stops checked on each page: the header, the page's first controls. */
const TAB_STOPS = 20;

/**
 * The focused element, described, when nothing shows that it has the focus: neither it (or its ::before or
 * ::after) nor one of its three nearest ancestors looks any different once it loses the focus (outline,
 * shadow, border or background). Focus is given back afterwards, so that Tab goes on from there.
 */
async function unmarkedFocus(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return undefined;
    const boxes: [Element, string | undefined][] = [[el, undefined], [el, '::before'], [el, '::after']];
    for (let a = el.parentElement, i = 0; a && i < 3; a = a.parentElement, i++) boxes.push([a, undefined]);
    const look = () => boxes.map(([e, pseudo]) => {
      const s = getComputedStyle(e, pseudo);
      return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor, s.backgroundColor].join('|');
    }).join('\n');
    const focused = look();
    el.blur();
    const unfocused = look();
    el.focus({ preventScroll: true });
    if (focused !== unfocused) return undefined;
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    const type = el instanceof HTMLInputElement ? `[type=${el.type}]` : '';
    return `${el.tagName.toLowerCase()}${type}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''} «${name}»`;
  });
}

/** Tabs through the page's first controls; each unmarked one is reported once. */
export async function focusSweep(page: Page): Promise<string[]> {
  const found = new Set<string>();
  for (let i = 0; i < TAB_STOPS; i++) {
    await page.keyboard.press('Tab');
    const bad = await unmarkedFocus(page);
    if (bad) found.add(bad);
  }
  return [...found];
}
