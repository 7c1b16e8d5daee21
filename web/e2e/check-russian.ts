// The Russian-text check of the walk over every page (every-route.spec.ts): no English a user can see or
// hear. What is read is the page's visible text, its title and the names and descriptions assistive
// technology reads (aria-label, title, placeholder, alt, aria-roledescription and the text aria-describedby
// points to, hidden or not). What users wrote, addresses and links, and the brand and technical names below
// are left out; any Latin word left is a finding.
import type { Page } from '@playwright/test';

/**
 * Brand and technical names a Russian page keeps in Latin letters: services, file formats (the spec's
 * WebP and AV1, the image field's JPEG, PNG and GIF, the video field's MP4, WebM, MOV, MKV and AVI), 3D, the payment's HTTPS and 3-D Secure, and the
 * names printed on the keys the drag instructions mention.
 */
const ALLOWED = [
  'Google', 'ЮKassa', 'YooKassa', 'ЮMoney', 'YooMoney', 'VK', 'YouTube', 'Rutube', 'RuTube',
  'WebP', 'WEBP', 'AV1', 'JPEG', 'PNG', 'GIF', 'MP4', 'WebM', 'MOV', 'MKV', 'AVI', '3D', 'HTTPS', '3-D Secure', 'Enter', 'Esc', 'Delete',
];

/** Links, e-mail addresses and the site's own addresses (the site map lists them). */
const URL_OR_ADDRESS = /\bhttps?:\/\/\S*|\b[\w.+-]+@[\w-]+(\.[\w-]+)+\b|(?<![\p{L}\d])\/[A-Za-z][\w/.-]*/gu;

/** The Latin words left in what the page shows and says, once user content and allowed names are out. */
export async function latinWords(page: Page, userTexts: string[]): Promise<string[]> {
  const [read, marked] = await page.evaluate(() => {
    const out = [document.title, document.body.innerText];
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt], [aria-roledescription], [aria-valuetext]')) {
      for (const a of ['aria-label', 'title', 'placeholder', 'alt', 'aria-roledescription', 'aria-valuetext']) {
        const v = el.getAttribute(a);
        if (v) out.push(v);
      }
    }
    for (const el of document.querySelectorAll('[aria-describedby], [aria-labelledby]')) {
      const ids = `${el.getAttribute('aria-describedby') ?? ''} ${el.getAttribute('aria-labelledby') ?? ''}`.split(/\s+/).filter(Boolean);
      for (const id of ids) out.push(document.getElementById(id)?.textContent ?? '');
    }
    // What a user wrote that the page marks as theirs (an account's own username).
    const theirs = [...document.querySelectorAll('[data-user-content]')].map((el) => el.textContent ?? '').filter(Boolean);
    return [out.join('\n'), theirs] as const;
  });
  let text = read;
  for (const t of [...userTexts, ...marked].sort((a, b) => b.length - a.length)) text = text.split(t).join(' ');
  text = text.replace(URL_OR_ADDRESS, ' ');
  for (const name of ALLOWED) text = text.split(name).join(' ');
  return [...new Set(text.match(/[A-Za-z]+/g) ?? [])];
}
