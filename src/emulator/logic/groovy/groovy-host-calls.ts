import {
  DomainHelper,
  DomainObjectRenderType,
  DynamicDomainEntity,
  IllegalArgumentException,
  MessageHelper,
  Notification,
  SimpleQuery,
  StorageUtils,
} from '../../../index.js'
import type { MessageSeverity } from '../../../index.js'
import { GroovyValues } from './groovy-values.js'

/** SimpleQuery's condition methods a script may chain, by name, and how many values each takes. */
const OPERATORS: Readonly<Record<string, number>> = Object.freeze({
  eq: 1,
  ne: 1,
  gt: 1,
  ge: 1,
  lt: 1,
  le: 1,
  iLike: 1,
  notILike: 1,
  in: 1,
  notIn: 1,
  isNull: 0,
  notNull: 0,
})

/** The most a query may list in one page: a Java int. */
const MAX_INT = 2_147_483_647

interface QueryArgs {
  readonly domain: string
  readonly and: boolean
  readonly conditions: readonly {
    readonly op: string
    readonly field: string
    readonly values: readonly unknown[]
  }[]
  readonly mode: string
  readonly offset?: number
  readonly max?: number
  readonly sort?: string
  readonly orderBy?: readonly string[]
  readonly asc?: boolean
}

type Args = Readonly<Record<string, unknown>>

/**
 * A script's facade call, run on the host with the plugin library (the caller bound by whoever calls this): a
 * query (`query`), a record operation of DomainHelper, SimpleQuery or GORM (`record`), a stored file (`storage`),
 * a notification (`message`). The answer is tagged for the JVM; what the library throws fails the call in the
 * script under the same name (ValidationException becomes grails.validation.ValidationException there).
 *
 * @internal
 */
export function runHostCall(values: GroovyValues, target: string, op: string, args: Args): unknown {
  if (target === 'query') return query(values, args as unknown as QueryArgs)
  if (target === 'record') return record(values, op, args)
  if (target === 'storage' && op === 'create') {
    const file = StorageUtils.createStorageFileDomain(
      String(args['fileName']),
      String(args['mimeType']),
      Buffer.from(String(args['base64']), 'base64'),
    )
    return values.toJvm(file)
  }
  if (target === 'message' && op === 'push') {
    const fields = args['notification'] as Readonly<Record<string, string>>
    MessageHelper.pushNotification(
      new Notification({
        content: fields['content'] ?? '',
        title: fields['title'] ?? null,
        toUserName: fields['toUserName'] ?? null,
        link: fields['link'] ?? null,
        ...(fields['severity'] === undefined ? {} : { severity: fields['severity'] as MessageSeverity }),
      }),
    )
    return null
  }
  throw new IllegalArgumentException(`the emulator has no ${target}.${op} for Groovy logic`)
}

function query(values: GroovyValues, args: QueryArgs): unknown {
  // SimpleQuery.of(name) combines with AND only; OR takes a class, so the domain gets one bound by name.
  let q = SimpleQuery.of(classOf(requireDomain(values, args.domain)), args.and) as unknown as Record<
    string,
    (...a: unknown[]) => unknown
  >
  for (const condition of args.conditions) {
    const hostValues = condition.values.map((value) => values.fromJvm(value, 'host'))
    if (condition.op === 'between') {
      if (!args.and)
        throw new IllegalArgumentException(`a finder cannot mix Between with Or (${condition.field})`)
      q = q['ge']!(condition.field, hostValues[0]) as typeof q
      q = q['le']!(condition.field, hostValues[1]) as typeof q
      continue
    }
    if (condition.op === 'like' || condition.op === 'notLike') {
      // GORM's Like is case-sensitive; the plugin library's queries match patterns case-insensitively only.
      throw new IllegalArgumentException(
        `a case-sensitive ${condition.op} of ${condition.field} has no counterpart in the plugin library's queries, whose patterns ignore case: ` +
          `use ${condition.op === 'like' ? 'Ilike (findBy<Field>Ilike) or SimpleQuery.iLike' : 'NotIlike or SimpleQuery.notILike'}`,
      )
    }
    const arity = OPERATORS[condition.op]
    if (arity === undefined || !Object.hasOwn(OPERATORS, condition.op))
      throw new IllegalArgumentException(`SimpleQuery has no condition ${condition.op}`)
    q = q[condition.op]!(condition.field, ...hostValues.slice(0, arity)) as typeof q
  }
  const list = q as unknown as SimpleQuery
  const orderBy = args.orderBy ?? (args.sort === undefined ? undefined : [args.sort])
  const page = (offset: number, limit: number): { items: unknown[]; totalCount: number } => {
    const result =
      orderBy === undefined && args.asc === undefined
        ? list.list(offset, limit)
        : list.list(offset, limit, (orderBy ?? ['id']) as never[], args.asc ?? true)
    return { items: [...result], totalCount: Number(result.totalCount) }
  }
  switch (args.mode) {
    case 'get':
      return values.toJvm(list.get(), args.domain)
    case 'first':
      return values.toJvm(page(args.offset ?? 0, 1).items[0] ?? null, args.domain)
    case 'count':
      return page(0, 0).totalCount
    case 'page': {
      const found = page(args.offset ?? 0, args.max ?? MAX_INT)
      return { $page: values.toJvm(found.items, args.domain), totalCount: found.totalCount }
    }
    case 'all':
      return values.toJvm(
        args.max === undefined && args.offset === undefined && orderBy === undefined
          ? list.listAll()
          : page(args.offset ?? 0, args.max ?? MAX_INT).items,
        args.domain,
      )
    default:
      throw new IllegalArgumentException(`a query has no mode ${args.mode}`)
  }
}

function record(values: GroovyValues, op: string, args: Args): unknown {
  switch (op) {
    case 'get':
      return values.toJvm(
        SimpleQuery.getById(requireDomain(values, args['domain']), Number(args['id'])),
        String(args['domain']),
      )
    case 'getAll':
      return values.toJvm(SimpleQuery.getAll(requireDomain(values, args['domain'])), String(args['domain']))
    case 'getByIds':
      return values.toJvm(
        SimpleQuery.getByIds(requireDomain(values, args['domain']), (args['ids'] as number[]).map(Number)),
        String(args['domain']),
      )
    case 'count':
      return SimpleQuery.count(requireDomain(values, args['domain']))
    case 'build': {
      const domain = requireDomain(values, args['domain'])
      const properties = values.fromJvm(args['properties'] ?? {}, 'host') as Record<string, unknown>
      return values.toJvm(DomainHelper.buildDomain(domain, properties), domain)
    }
    case 'create':
    case 'update':
    case 'save': {
      const { domain, fields } = objectOf(values, args['object'])
      const create =
        op === 'create' || (op === 'save' && (fields['id'] === undefined || fields['id'] === null))
      if (create) {
        const { id: _id, ...rest } = fields
        const built = DomainHelper.buildDomain(domain, rest)
        DomainHelper.createDomain(built)
        return values.toJvm(built, domain)
      }
      const stored = existing(domain, fields['id'])
      const changed = { ...stored, ...fields }
      DomainHelper.updateDomain(changed)
      return values.toJvm(SimpleQuery.getById(domain, Number(fields['id'])), domain)
    }
    case 'delete': {
      const { domain, fields } = objectOf(values, args['object'])
      DomainHelper.deleteDomain(existing(domain, fields['id']))
      return null
    }
    case 'batchCreate': {
      const domain = requireDomain(values, args['domain'])
      const built = (args['objects'] as unknown[]).map((object) => {
        const { id: _id, ...rest } = objectOf(values, object).fields
        return DomainHelper.buildDomain(domain, rest)
      })
      return values.toJvm(DomainHelper.batchCreate(domain, built), domain)
    }
    case 'render': {
      const { domain, fields } = objectOf(values, args['object'])
      const type = String(args['renderType'])
      if (!Object.hasOwn(DomainObjectRenderType, type))
        throw new IllegalArgumentException(
          `DomainHelper.render: there is no render type ${type}; use one of ${Object.keys(DomainObjectRenderType).join(', ')}`,
        )
      const renderType = DomainObjectRenderType[type as keyof typeof DomainObjectRenderType]
      return values.toJvm(DomainHelper.render(existing(domain, fields['id']), renderType))
    }
    default:
      throw new IllegalArgumentException(`the emulator has no record operation ${op} for Groovy logic`)
  }
}

/** A class bound to each domain (its static domainName), for the library's Class overloads. */
const CLASSES = new Map<string, typeof DynamicDomainEntity>()

function classOf(domain: string): typeof DynamicDomainEntity {
  let type = CLASSES.get(domain)
  if (type === undefined) {
    type = class extends DynamicDomainEntity {
      static override readonly domainName = domain
    }
    CLASSES.set(domain, type)
  }
  return type
}

/** A domain object from the JVM: its domain, and its fields as the host takes them. */
function objectOf(values: GroovyValues, wire: unknown): { domain: string; fields: Record<string, unknown> } {
  const domain = GroovyValues.domainOf(wire)
  if (domain === undefined)
    throw new IllegalArgumentException(
      'expected a domain object (an instance of a domain class, or from a query)',
    )
  return {
    domain: requireDomain(values, domain),
    fields: values.fromJvm(wire, 'host') as Record<string, unknown>,
  }
}

/** The stored object of an id, to update or delete; an object without one was never saved. */
function existing(domain: string, id: unknown): object {
  const known = typeof id === 'number' || typeof id === 'string' ? Number(id) : undefined
  const stored = known === undefined ? null : SimpleQuery.getById(domain, known)
  if (stored === null)
    throw new IllegalArgumentException(
      `${domain} ${known === undefined ? '(unsaved)' : String(known)} does not exist: save() it first`,
    )
  return stored
}

function requireDomain(values: GroovyValues, domain: unknown): string {
  if (typeof domain !== 'string' || !values.has(domain))
    throw new IllegalArgumentException(
      `there is no application domain named ${JSON.stringify(domain)} (the platform's own domains are not reachable from Groovy logic)`,
    )
  return domain
}
