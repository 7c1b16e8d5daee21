import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { splitStatements } from './migrate.ts';

describe('splitStatements', () => {
  it('splits on top-level semicolons only', () => {
    const sql = `-- a comment; with a semicolon
CREATE TABLE a (t text DEFAULT 'x;y');
/* block; comment */ CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql;
INSERT INTO a VALUES ('it''s; fine');`;
    const parts = splitStatements(sql);
    assert.equal(parts.length, 3);
    assert.match(parts[0], /DEFAULT 'x;y'\)$/);
    assert.match(parts[1], /\$\$ SELECT 1; \$\$ LANGUAGE sql$/);
    assert.equal(parts[2], "INSERT INTO a VALUES ('it''s; fine')");
  });
});
