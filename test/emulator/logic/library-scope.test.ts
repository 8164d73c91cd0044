import { expect, test } from 'vitest'
import * as root from '../../../src/index.js'
import * as LIBRARY_SCOPE from '../../../src/emulator/logic/library-scope.js'

test('a JavaScript logic has every value of the root entry in scope, each by its own name', () => {
  expect(Object.keys(LIBRARY_SCOPE).sort()).toEqual(Object.keys(root).sort())
  for (const [name, value] of Object.entries(LIBRARY_SCOPE)) {
    expect(value, name).toBe((root as Record<string, unknown>)[name])
  }
})
