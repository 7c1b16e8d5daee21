// Writes the authorization table (authz-table.ts) into portal/API.md, between its marker comments, as the
// section "Who may call what": `npm run docs:authz`. authz.test.ts fails while API.md differs.
import fs from 'node:fs';
import path from 'node:path';
import { authzTable, ROLES, type Cell } from './authz-table.ts';

export const API_MD = path.join(import.meta.dirname, '..', 'API.md');
const BEGIN = '<!-- authz:begin (written by `npm run docs:authz` from src/authz-table.ts) -->';
const END = '<!-- authz:end -->';

const HEADERS: Record<(typeof ROLES)[number], string> = {
  guest: 'guest', stranger: 'stranger', member: 'member', admin: 'admin', owner: 'owner', creator: 'creator', site: 'site admin',
};

const cellText = (cell: Cell) => ('na' in cell ? '—' : cell.allowed ? '✓' : `✗ ${cell.code}`);

/** The section's Markdown, markers included. */
function renderAuthz(): string {
  const out = [
    BEGIN,
    '',
    'Every RPC called by each kind of caller, as `src/authz.test.ts` checks it. ✓ allowed; ✗ refused, with the code',
    '(7 not allowed, 5 answered as missing); — not applicable (to that RPC the caller is a stranger). **guest** a device',
    'session; **stranger** a registered user with no relation to the target (who owns a team of their own); **member**,',
    '**admin**, **owner** of the target\'s team; **creator** the user the item is of (who made it, or an invitation\'s',
    'invitee; team media and events are made by managers, whose rights the admin column shows); **site admin** a site',
    'administrator (`ADMIN_USER_IDS`, `ADMIN_EMAILS`) with no relation to the target. The target column says what was',
    'called, and why an allowed call may still answer an error; a refused call changes nothing in the database.',
  ];
  let area = '';
  for (const row of authzTable) {
    if (row.area !== area) {
      area = row.area;
      out.push('', `**${area}**`, '', `| RPC | ${ROLES.map((r) => HEADERS[r]).join(' | ')} | target |`, `|---|${ROLES.map(() => ':-:').join('|')}|---|`);
    }
    out.push(`| \`${row.id}\` | ${ROLES.map((r) => cellText(row.cells[r])).join(' | ')} | ${row.note} |`);
  }
  out.push('', END);
  return out.join('\n');
}

/** API.md with its section replaced by the one the table gives. */
export function withSection(md: string): string {
  const start = md.indexOf('<!-- authz:begin');
  const end = md.indexOf(END);
  if (start < 0 || end < start) throw new Error(`API.md lacks the markers ${BEGIN} … ${END}`);
  return md.slice(0, start) + renderAuthz() + md.slice(end + END.length);
}

if (process.argv[1] === import.meta.filename) {
  fs.writeFileSync(API_MD, withSection(fs.readFileSync(API_MD, 'utf8')));
  console.log(`${path.relative(process.cwd(), API_MD)}: "Who may call what" written from the table.`);
}
