import { SimpleQuery, type QueryCondition } from '../../index.js'
import type { EmulatorApp, EmulatorParts } from '../emulator-parts.js'
import { runAsCaller } from '../logic/run-as-caller.js'
import { isPlainObject } from '../wire/is-plain-object.js'
import { pageParams } from './page-params.js'
import { authorizeDomain } from '../auth/permissions.js'
import { WireError } from '../wire/wire-error.js'
import { jsonResponse } from '../wire/wire-response.js'

const SEARCH_KEYS: ReadonlySet<string> = new Set(['conditions', 'and', 'orderBy', 'asc'])

/**
 * Search over a domain, in the caller's tenant, with the domain's `read` requirement. The document shows neither
 * body, so both are the emulator's choice (docs/emulator.md):
 *
 * - `POST /search/<domain>?offset&max` takes `{conditions, and?, orderBy?, asc?}`, where `conditions` are the
 *   library's `QueryCondition`s (`{field, operator, value}`, a reference as `{"id": n}`), combined with AND
 *   unless `and` is `false`;
 * - `POST /search/keyword/<domain>?q&max&offset` matches `q` case-insensitively anywhere in any STRING field.
 *
 * Both answer the list response `{total, data, formHookDataList}`.
 *
 * @internal
 */
export function searchRoutes(app: EmulatorApp, parts: EmulatorParts): void {
  const { catalog } = parts

  app.post('/search/keyword/:domain', async (c) => {
    const call = c.get('call')
    const [user, domain] = await authorizeDomain(parts, call, c.req.param('domain'), 'read')
    const page = pageParams(call.query)
    const keyword = call.query['q'] ?? ''
    const fields = catalog.fieldsOfType(domain, 'STRING')
    const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const conditions: QueryCondition[] =
      keyword === '' ? [] : fields.map((field) => ({ operator: 'iLike', field, value: pattern }))
    if (keyword !== '' && fields.length === 0)
      return jsonResponse({ total: 0, data: [], formHookDataList: [] })
    return jsonResponse(runAsCaller(parts, user, () => search(domain, conditions, false, [], true, page)))
  })

  app.post('/search/:domain', async (c) => {
    const call = c.get('call')
    const [user, domain] = await authorizeDomain(parts, call, c.req.param('domain'), 'read')
    const page = pageParams(call.query)
    const body = (await call.bytes()).length === 0 ? {} : await call.json()
    if (!isPlainObject(body)) {
      throw new WireError(
        'IllegalArgument',
        'a search body is a JSON object {conditions: [{field, operator, value}], and?, orderBy?, asc?}.',
      )
    }
    const { conditions = [], and = true, orderBy = [], asc = true } = body
    const unknown = Object.keys(body).filter((key) => !SEARCH_KEYS.has(key))
    if (
      unknown.length > 0 ||
      !Array.isArray(conditions) ||
      conditions.some((condition) => !isPlainObject(condition)) ||
      typeof and !== 'boolean' ||
      !Array.isArray(orderBy) ||
      orderBy.some((field) => typeof field !== 'string') ||
      typeof asc !== 'boolean'
    ) {
      throw new WireError(
        'IllegalArgument',
        `a search body is a JSON object {conditions: [{field, operator, value}], and?: boolean, orderBy?: [field], asc?: boolean}` +
          (unknown.length > 0 ? `; it holds unknown keys ${unknown.join(', ')}.` : '.'),
      )
    }
    return jsonResponse(
      runAsCaller(parts, user, () =>
        search(domain, conditions as QueryCondition[], and, orderBy as string[], asc, page),
      ),
    )
  })

  function search(
    domain: string,
    conditions: readonly QueryCondition[],
    and: boolean,
    orderBy: readonly string[],
    asc: boolean,
    { max, offset }: { max: number; offset: number },
  ): Record<string, unknown> {
    // SimpleQuery combines with OR only by class: a class bound to the domain by name stands in for it.
    const query: SimpleQuery = and
      ? SimpleQuery.of(domain)
      : (SimpleQuery.of(domainClass(domain), false) as unknown as SimpleQuery)
    const page = query.addConditions([...conditions]).list(offset, max, [...orderBy], asc)
    return {
      total: page.totalCount,
      data: page.map((o) => catalog.render(domain, o as object)),
      formHookDataList: [],
    }
  }
}

/** A class bound to a domain by name (`static domainName`), for `SimpleQuery.of(Class, false)`. */
function domainClass(domain: string): abstract new () => unknown {
  return class {
    static readonly domainName = domain
  }
}
