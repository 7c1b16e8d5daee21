// The installed app's icons, drawn from the site's emblem (public/favicon.svg: a white ball on green):
// 192 and 512 px with the emblem filling the square, and a maskable 512 px one whose emblem keeps to the
// safe zone (the inner 80 %), on a full green square a launcher may cut to any shape.
// Run with `npm run icons -w web`; the PNGs are committed in public/icons/.
import path from 'node:path';
import sharp from 'sharp';

const GREEN = '#0b6e4f';
const BALL = '<path d="M32 14l10 7-4 12H26l-4-12z" fill="#fff"/><path d="M22 21l-9 3m29-3l9 3M26 33l-6 9m18-9l6 9m-24 0h24" stroke="#fff" stroke-width="3" fill="none"/>';

/** The emblem on a transparent square: a green disc with the ball. */
const emblem = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="${GREEN}"/>${BALL}</svg>`;

/** The maskable icon: green to the edges, the ball scaled into the safe zone's centre. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${GREEN}"/><g transform="translate(32 32) scale(0.8) translate(-32 -30)">${BALL}</g></svg>`;

const out = path.join(import.meta.dirname, '..', 'public', 'icons');

async function write(svg: string, size: number, name: string): Promise<void> {
  await sharp(Buffer.from(svg), { density: 72 * (size / 64) }).resize(size, size).png({ compressionLevel: 9 }).toFile(path.join(out, name));
  console.log(`public/icons/${name}: ${size}×${size}`);
}

await write(emblem, 192, 'icon-192.png');
await write(emblem, 512, 'icon-512.png');
await write(maskable, 512, 'icon-maskable-512.png');
// iOS puts a transparent icon on black: its icon is the full square.
await write(maskable, 180, 'apple-touch-icon.png');
