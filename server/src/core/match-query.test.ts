import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError, Code } from '../errors.ts';
import { evaluate, jsonDoc, matches, parseQuery, requiredTerms, type FieldValue } from './match-query.ts';

const doc = (fields: Record<string, FieldValue | FieldValue[]>) =>
  new Map(Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]));

const ticket = doc({ 'properties.region': 'europe', 'properties.mode': 'ranked', 'properties.skill': 15, 'properties.id': 'abc-123' });
const hit = (q: string, d = ticket) => matches(parseQuery(q), d);

describe('match query', () => {
  it('with should clauses only, at least one has to match', () => {
    assert.equal(hit('properties.region:europe'), true);
    assert.equal(hit('properties.region:asia'), false);
    assert.equal(hit('properties.region:asia properties.mode:ranked'), true);
    assert.equal(hit('properties.missing:x'), false);
  });

  it('must clauses all match; should clauses then only add to the score', () => {
    assert.equal(hit('+properties.region:europe +properties.mode:ranked'), true);
    assert.equal(hit('+properties.region:europe +properties.mode:casual'), false);
    assert.equal(hit('+properties.region:europe properties.mode:casual'), true);
    const q = parseQuery('+properties.region:europe properties.mode:ranked^3 properties.mode:casual');
    assert.equal(evaluate(q, ticket), 4);
  });

  it('excludes must-not terms; a query of exclusions alone matches everything else', () => {
    assert.equal(hit('-properties.region:asia'), true);
    assert.equal(hit('-properties.region:europe'), false);
    assert.equal(hit('+properties.mode:ranked -properties.region:europe'), false);
    assert.equal(hit('properties.mode:ranked -properties.id:abc-123'), false);
  });

  it('compares numbers with ranges and equality, and never strings with ranges', () => {
    assert.equal(hit('+properties.skill:>=10 +properties.skill:<=20'), true);
    assert.equal(hit('+properties.skill:>15'), false);
    assert.equal(hit('+properties.skill:<15.5'), true);
    assert.equal(hit('+properties.skill:15'), true);
    assert.equal(hit('+properties.skill:15.0'), true);
    assert.equal(hit('+properties.skill:16'), false);
    assert.equal(hit('+properties.region:>=0'), false);
    assert.equal(hit('+properties.skill:>=-5'), true);
  });

  it('matches terms exactly and case-sensitively, with wildcards, quotes and escapes', () => {
    assert.equal(hit('properties.region:Europe'), false);
    assert.equal(hit('properties.region:eur*'), true);
    assert.equal(hit('properties.region:e?rope'), true);
    assert.equal(hit('properties.region:*o*e'), true);
    assert.equal(hit('properties.region:*x*'), false);
    assert.equal(hit('+properties.skill:*'), true);
    const spaced = doc({ 'label.name': 'Spartak Moscow', 'label.tag': 'a*b', 'label.url': 'x:y' });
    assert.equal(hit('label.name:"Spartak Moscow"', spaced), true);
    assert.equal(hit('label.name:Spartak', spaced), false);
    assert.equal(hit('label.tag:a\\*b', spaced), true);
    assert.equal(hit('label.tag:ab', spaced), false);
    assert.equal(hit('label.url:x\\:y', spaced), true);
    assert.equal(hit('label.url:x:y', spaced), true, 'only the first colon separates the field');
  });

  it('a bare term matches any field, and * matches everything', () => {
    assert.equal(hit('ranked'), true);
    assert.equal(hit('+15'), true);
    assert.equal(hit('nothing'), false);
    assert.equal(hit('*'), true);
    assert.equal(hit(''), true);
    assert.equal(hit('   '), true);
  });

  it('flattens JSON labels: nested objects as dotted fields, arrays as several values', () => {
    const label = jsonDoc('label', { skill: 60, mode: 'ffa', open: true, convo_ids: ['a1', 'b2'], map: { name: 'arena', size: 4 } });
    assert.equal(hit('+label.skill:>=50', label), true);
    assert.equal(hit('+label.convo_ids:b2', label), true);
    assert.equal(hit('+label.convo_ids:c3', label), false);
    assert.equal(hit('+label.map.name:arena +label.map.size:4', label), true);
    assert.equal(hit('+label.open:true', label), true);
  });

  it('names the exact terms every match needs, for looking candidates up', () => {
    assert.deepEqual(requiredTerms(parseQuery('+properties.region:europe +properties.skill:>=3 +properties.n:5 +properties.a:b* properties.x:y -properties.z:w')), [
      { field: 'properties.region', text: 'europe' },
    ]);
  });

  it('refuses what it cannot run, with InvalidArgument naming the problem', () => {
    const refusals: Array<[string, RegExp]> = [
      ['properties.a:/ab+/', /regular expressions/],
      ['properties.a:ab~1', /fuzzy/],
      ['properties.a:"open', /unclosed quote/],
      ['properties.a:>=x', /needs a number/],
      ['properties.a:', /no value/],
      [':x', /field name is missing/],
      ['+ properties.a:b', /must be followed/],
      ['properties.a:b^x', /boost must be a number/],
      ['properties.a:b\\', /trailing backslash/],
      ['x'.repeat(2049), /at most 2048/],
    ];
    for (const [q, why] of refusals) {
      assert.throws(() => parseQuery(q), (e) => e instanceof AppError && e.code === Code.InvalidArgument && why.test(e.message), q);
    }
  });
});
