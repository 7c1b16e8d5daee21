// Searches a test run's log (the file TEST_LOG_FILE names, where every test server logs at debug) for
// secrets: session and refresh tokens (JWTs), sign-in codes in mail subjects, the test servers' default keys
// (also as Basic credentials), and every password literal the tests sign in with.
// Usage: node lint/log-secrets.ts <log file>   (exits 1, naming each finding, when there is one)
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The keys a test server has unless a test sets its own (server/src/config.ts's defaults). */
const DEFAULT_KEYS = ['defaultkey', 'defaulthttpkey', 'defaultencryptionkey', 'defaultrefreshencryptionkey'];

const PATTERNS: Array<[string, RegExp]> = [
  ['a JWT', /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{16,}/],
  ['a sign-in code', /Код входа в Трибуну: \d{6}|код входа[^"]{0,20}\d{6}/i],
  ['an Authorization header value', /\b(?:Bearer|Basic) [\w+/=.-]{8,}/],
  ['an HTTP key in a query', /[?&]http_key=[^&\s"]+/],
];

const PASSWORD_LITERAL = /(?:authenticateEmail\([^,()]+,\s*|\bpassword['"]?\s*:\s*)(['"`])([^'"`$\n]{6,})\1/g;

function testFiles(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) testFiles(p, out);
    else if (/\.test\.tsx?$|[/\\]testing(?:[/\\].*)?\.ts$|[/\\]testing\.ts$/.test(p)) out.push(p);
  }
  return out;
}

/** The literal secrets the tests use: default keys, their Basic forms, every password literal in the tests. */
export function knownSecrets(): string[] {
  const out = new Set<string>(DEFAULT_KEYS);
  for (const k of DEFAULT_KEYS) out.add(Buffer.from(`${k}:`).toString('base64'));
  for (const dir of ['server/src', 'portal/src']) {
    for (const file of testFiles(path.join(root, dir))) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(PASSWORD_LITERAL)) out.add(m[2]);
    }
  }
  return [...out];
}

/** Each secret found in the text: what it is and the line it is on (cut short). */
export function findSecrets(text: string, literals: readonly string[]): string[] {
  const found: string[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    const short = line.length > 300 ? `${line.slice(0, 300)}…` : line;
    for (const [what, re] of PATTERNS) if (re.test(line)) found.push(`${what}: ${short}`);
    for (const s of literals) if (line.includes(s)) found.push(`"${s}": ${short}`);
  }
  return found;
}

if (import.meta.main) {
  const file = process.argv[2];
  if (!file || !fs.existsSync(file)) {
    process.stderr.write('Usage: node lint/log-secrets.ts <log file written with TEST_LOG_FILE>\n');
    process.exit(2);
  }
  const found = findSecrets(fs.readFileSync(file, 'utf8'), knownSecrets());
  for (const f of found) process.stdout.write(`${f}\n`);
  process.stdout.write(found.length ? `${found.length} secret(s) in ${file}\n` : `No secret in ${file}\n`);
  process.exit(found.length ? 1 : 0);
}
