// The API description's validity, checked by an independent OpenAPI validator (the server's own test and
// the portal's, which describes every portal RPC, check the same way).
import assert from 'node:assert/strict';
import { Validator } from '@seriousme/openapi-schema-validator';

/** Asserts that the text is a valid OpenAPI 3.1 document whose references all resolve. */
export async function assertValidOpenApi(text: string): Promise<void> {
  const validator = new Validator();
  // A copy: resolveRefs() replaces the references in place.
  const result = await validator.validate(JSON.parse(text));
  assert.deepEqual(result.errors, undefined);
  assert.equal(result.valid, true);
  assert.equal(validator.version, '3.1');
  assert.doesNotThrow(() => validator.resolveRefs());
}
