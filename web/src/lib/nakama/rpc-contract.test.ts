// @vitest-environment node
// The contract of rpc() proven both ways: rpc.typecheck-fail.ts compiles with its @ts-expect-error
// directives, and without them its three misuses are exactly the three errors expected.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const webDir = path.resolve(import.meta.dirname, '../../..');
const file = path.join(import.meta.dirname, 'rpc.typecheck-fail.ts');

function diagnostics(text: string): { line: string; code: number }[] {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(webDir, 'tsconfig.json'), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  })!;
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (path.resolve(name) === file ? text : readFile(name));
  const program = ts.createProgram({ rootNames: [file], options: config.options, host });
  const source = program.getSourceFile(file)!;
  return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((d) => ({
    line: source.text.split('\n')[source.getLineAndCharacterOfPosition(d.start!).line].trim(),
    code: d.code,
  }));
}

describe('the typed RPC contract', () => {
  const original = fs.readFileSync(file, 'utf8');

  it('compiles with every misuse marked', () => {
    expect(diagnostics(original)).toEqual([]);
  });

  it('refuses an unknown id, an unknown payload field and an unknown answer field', () => {
    const bare = original.split('\n').filter((l) => !l.includes('@ts-expect-error')).join('\n');
    expect(diagnostics(bare)).toEqual([
      // Argument of type '"get_teem"' is not assignable to parameter of type RpcId.
      { line: expect.stringContaining("rpc('get_teem'"), code: 2345 },
      // Object literal may only specify known properties.
      { line: expect.stringContaining("rpc('get_team', { team_id"), code: 2353 },
      // Property 'title' does not exist.
      { line: 'return team.title;', code: 2339 },
    ]);
  });
}, 120_000);
