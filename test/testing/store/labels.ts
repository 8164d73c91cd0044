import { DomainHelper, SimpleQuery, type DomainObject } from '../../../src/index.js'

// The Label of the SHOP domains (test/testing/hosts.ts), written and read through the facades: the data the
// store tests' session and transaction cases use.

/** Creates a Label named `name` and returns it, its id set. */
export const label = (name: string): DomainObject => {
  const object = DomainHelper.buildDomain('Label', { name })
  DomainHelper.createDomain(object)
  return object
}

/** The names of the Labels the current session sees, sorted. */
export const labels = (): string[] =>
  SimpleQuery.getAll('Label')
    .map((l) => l['name'] as string)
    .sort()

/** Updates `object` with a new name. */
export const rename = (object: DomainObject, name: string): void =>
  DomainHelper.updateDomain({ ...object, name })
