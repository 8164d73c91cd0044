import { SimpleQuery } from '../../index.js'
import type { EmulatorApp, EmulatorParts } from '../emulator-parts.js'
import { runAsCaller } from '../logic/run-as-caller.js'
import { WireError } from '../wire/wire-error.js'
import { resultResponse } from '../wire/wire-response.js'

/** A `Webhook` record as the route reads it. */
interface WebhookRecord {
  readonly url: string
  readonly logic: { readonly id: number } | null
}

/**
 * Webhooks: `GET` and `POST /webhook/<url>` run the logic of the active `Webhook` whose `url` is `<url>` (a
 * leading `/` in the record is ignored) and answer what it returns as JSON. Third parties call webhooks, so no
 * login is needed: an anonymous call runs in the default tenant with no user; a caller who sends a token runs
 * as that user in their tenant. The logic sees the path without `/api` (`/webhook/<url>`).
 *
 * @internal
 */
export function webhookRoutes(app: EmulatorApp, parts: EmulatorParts): void {
  app.on(['GET', 'POST'], '/webhook/:url{.+}', async (c) => {
    const call = c.get('call')
    const url = c.req.param('url')
    const user = await parts.auth.caller(call, 'optional')
    const webhook = runAsCaller(parts, user, () =>
      (SimpleQuery.of('Webhook').eq('active', true).listAll() as unknown as WebhookRecord[]).find(
        (record) => record.url.replace(/^\/+/, '') === url,
      ),
    )
    if (webhook === undefined)
      throw new WireError('NotFound', `there is no active webhook at ${JSON.stringify(url)}.`)
    const result = await parts.logic.run(
      webhook.logic,
      `Webhook '${url}'`,
      'webhook',
      await call.logicRequest(user),
      user,
    )
    return resultResponse(result)
  })
}
