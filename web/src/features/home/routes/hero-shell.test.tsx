// The home page's headline is in its HTML from the start (hero.html, put into the built home.html by
// vite.config.ts), so it is drawn before any script runs; the app then draws the same headline in its place.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from '../../../lib/router/index.tsx';
import shellHero from '../hero.html?raw';
import { Hero } from './home-page.tsx';

describe('the home page headline before the app starts', () => {
  it('is the markup the app draws', () => {
    expect(shellHero.trim()).toBe(renderToStaticMarkup(<MemoryRouter><Hero /></MemoryRouter>));
  });
});
