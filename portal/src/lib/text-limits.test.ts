// The text limits count code points, as the web app's fields do: an emoji outside the BMP is one character.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lineField, requiredLineField, textField, titleField } from './rpc.ts';
import { TEXT_LIMITS } from './text-limits.ts';

const emoji = '🏆'; // two UTF-16 units, one code point
const ok = (schema: { safeParse(v: unknown): { success: boolean } }, v: string) => schema.safeParse(v).success;

describe('text limits', () => {
  it('take exactly the limit in code points and refuse one more', () => {
    const n = TEXT_LIMITS.teamName;
    for (const schema of [requiredLineField(n, 'x'), lineField(n), textField(n)]) {
      assert.equal(ok(schema, emoji.repeat(n)), true, 'n emojis are n characters');
      assert.equal(ok(schema, 'я'.repeat(n)), true);
      assert.equal(ok(schema, emoji.repeat(n + 1)), false);
      assert.equal(ok(schema, 'я'.repeat(n + 1)), false);
    }
    assert.equal(ok(titleField, emoji.repeat(TEXT_LIMITS.mediaTitle)), true);
    assert.equal(ok(titleField, 'a'.repeat(TEXT_LIMITS.mediaTitle + 1)), false);
  });

  it('count after trimming, as the web app is told', () => {
    assert.equal(ok(requiredLineField(3, 'x'), '  abc  '), true);
  });
});
