// Refusals name fields by their Russian labels: the mapping, and that every field of every RPC has one.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { z } from 'zod';
import { rpcs } from '../index.ts';
import { FIELD_LABELS, labelled } from './labels.ts';

/** The field names of a schema, nested objects and arrays of objects included. */
function fieldsOf(schema: z.ZodType, into = new Set<string>()): Set<string> {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const inner = (k: string) => def[k] && fieldsOf(def[k] as z.ZodType, into);
  switch (def.type) {
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        into.add(key);
        fieldsOf(value, into);
      }
      break;
    case 'pipe':
      inner('in');
      inner('out');
      break;
    case 'array':
      inner('element');
      break;
    case 'union':
      for (const o of def.options as z.ZodType[]) fieldsOf(o, into);
      break;
    default:
      inner('innerType');
  }
  return into;
}

describe('field labels', () => {
  it('turn a leading field name into its label, nested paths by their root, and leave other messages alone', () => {
    assert.equal(labelled('Ссылка на видео: укажите ссылку на видео.'), 'Ссылка на видео: укажите ссылку на видео.');
    assert.equal(labelled('Список идентификаторов: ожидался идентификатор (UUID).'), 'Список идентификаторов: ожидался идентификатор (UUID).');
    assert.equal(labelled('extra.deep.0: текст содержит недопустимые символы (нулевой символ или непарный суррогат UTF-16).'), 'Текст содержит недопустимые символы (нулевой символ или непарный суррогат UTF-16).');
    assert.equal(labelled('limit: Неверный ввод: ожидалось число'), 'Размер страницы: неверный ввод: ожидалось число');
    assert.equal(labelled('Команда не найдена.'), 'Команда не найдена.');
    assert.equal(labelled('Время: 18:00 занято.'), 'Время: 18:00 занято.');
  });

  it('exist for every field of every RPC', () => {
    const missing: string[] = [];
    for (const def of rpcs) {
      for (const field of fieldsOf(def.input)) if (!FIELD_LABELS[field]) missing.push(`${def.id}.${field}`);
    }
    assert.deepEqual(missing, []);
    const player = rpcs.find((d) => d.id === 'create_player')!;
    assert.deepEqual([...fieldsOf(player.input)].sort(), ['avatar_id', 'first_name', 'last_name', 'middle_name']);
  });
});
