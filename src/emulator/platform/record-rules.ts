import { SimpleQuery } from '../../index.js'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import type { TestHost } from '../../testing/index.js'
import { PLATFORM_RECORD_RULES } from './platform-domains.js'

/** A field's value as the rules compare it: a reference by its id, a date by its time, the rest as it is. */
function comparable(value: unknown): unknown {
  if (value === undefined) return null
  if (value instanceof Date) return value.getTime()
  if (typeof value === 'object' && value !== null && 'id' in value) return value.id
  return value
}

/** A unique rule's fields, as a list. */
function fieldsOf(unique: string | readonly string[]): readonly string[] {
  return typeof unique === 'string' ? [unique] : unique
}

/**
 * The values of the fields a domain's rule names, as they are now: the snapshot to take of a stored record
 * before a write changes it, for {@link recordRuleProblem}.
 *
 * @internal
 */
export function ruleSnapshot(domain: string, stored: object): Readonly<Record<string, unknown>> {
  const rule = PLATFORM_RECORD_RULES[domain]
  const fields = new Set([...(rule?.unique ?? []).flatMap(fieldsOf), ...(rule?.immutable ?? [])])
  return Object.fromEntries([...fields].map((field) => [field, (stored as Record<string, unknown>)[field]]))
}

/**
 * The first rule of its domain (see `RecordRule`) that writing `object` would break, as the message a caller
 * gets, or `undefined`. Runs where the host is bound, in the tenant of the write; in a batch, the records written
 * before count.
 *
 * @param object - The object as it is about to be written (its `id` set for an update).
 * @param before - For an update, the {@link ruleSnapshot} of the stored record before the write; `null` for a
 *   create.
 * @internal
 */
export function recordRuleProblem(
  domain: string,
  object: object,
  before: Readonly<Record<string, unknown>> | null,
): string | undefined {
  const rule = PLATFORM_RECORD_RULES[domain]
  if (rule === undefined) return undefined
  const values = object as Record<string, unknown>
  for (const [field, allowed] of Object.entries(rule.values ?? {})) {
    const value = values[field]
    if (value !== null && value !== undefined && !allowed.includes(value as string)) {
      return `${domain}.${field} takes one of ${allowed.join(', ')}, not ${JSON.stringify(value)}. Nothing was written.`
    }
  }
  if (before !== null) {
    for (const field of rule.immutable ?? []) {
      if (comparable(before[field]) !== comparable(values[field])) {
        return `${domain}.${field} cannot be changed after creation (it is ${JSON.stringify(comparable(before[field]))}): the platform keeps a ${domain}'s ${field} as it was created; create a new ${domain} to use another ${field}. Nothing was written.`
      }
    }
  }
  for (const unique of rule.unique ?? []) {
    const fields = fieldsOf(unique)
    const key = fields.map((field) => comparable(values[field]))
    if (key.some((value) => value === null)) continue
    if (before !== null && fields.every((field, i) => comparable(before[field]) === key[i])) continue
    let query = SimpleQuery.of(domain)
    for (const field of fields) query = query.eq(field, values[field] as object)
    const [other] = (query.list(0, 2) as unknown as { id: number }[]).filter(
      (record) => record.id !== values['id'],
    )
    if (other !== undefined) {
      const what =
        fields.length === 1 ? `${domain}.${fields[0]}` : `${domain}'s ${fields.join(' and ')} together`
      return `${what} must be unique in a tenant, and ${domain} ${other.id} already has ${key.map((value) => JSON.stringify(value)).join(' and ')}: choose another. Nothing was written.`
    }
  }
  return undefined
}

/**
 * Checks the platform records of every tenant against their unique rules after seeding (the platform refuses a
 * duplicate name at import too).
 *
 * @throws IllegalArgumentException naming every duplicate: the tenant, the domain, the fields, the value, the ids.
 * @internal
 */
export function checkSeededRecords(host: TestHost, tenants: readonly string[]): void {
  const problems: string[] = []
  for (const tenant of tenants) {
    host.runAs({ tenant, user: null }, () => {
      for (const [domain, rule] of Object.entries(PLATFORM_RECORD_RULES)) {
        if (rule.unique === undefined) continue
        const records = SimpleQuery.getAll(domain) as unknown as Record<string, unknown>[]
        for (const unique of rule.unique) {
          const fields = fieldsOf(unique)
          const ids = new Map<string, number[]>()
          for (const record of records) {
            const key = fields.map((field) => comparable(record[field]))
            if (key.some((value) => value === null)) continue
            const text = key.map((value) => JSON.stringify(value)).join(' and ')
            ids.set(text, [...(ids.get(text) ?? []), record['id'] as number])
          }
          for (const [text, found] of ids) {
            if (found.length > 1)
              problems.push(
                `tenant ${tenant}: ${domain} ${found.join(', ')} share the ${fields.join(' and ')} ${text}, which must be unique`,
              )
          }
        }
      }
    })
  }
  if (problems.length > 0) {
    throw new IllegalArgumentException(
      `the seeded platform records break the platform's unique rules; give each record its own value:\n${problems.join('\n')}`,
    )
  }
}
