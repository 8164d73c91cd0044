import { SimpleQuery } from '../../index.js'
import type { EmulatorApp, EmulatorParts } from '../emulator-parts.js'
import { runAsCaller } from '../logic/run-as-caller.js'
import { objectId } from './page-params.js'
import { WireError } from '../wire/wire-error.js'
import { jsonResponse } from '../wire/wire-response.js'

/** A `Dashboard` record as the routes read it. */
interface DashboardRecord {
  readonly id: number
  readonly name: string
  readonly description: string | null
}

/** A `DashboardWidget` record as the routes read it. */
interface WidgetRecord {
  readonly id: number
  readonly name: string
  readonly widgetType: string | null
  readonly displaySequence: number | null
  readonly logic: { readonly id: number } | null
}

/**
 * Dashboards of the caller's tenant, for any logged-in user (401/1008 without a token). The document shows no
 * payload, so (the emulator's choice) over the `Dashboard` and `DashboardWidget` records:
 *
 * - `GET /dashboard/list`: `[{id, name, description}]`, by id;
 * - `GET /dashboard/meta/<id>`: `{id, name, description, widgets: [{id, name, widgetType, displaySequence}]}`,
 *   widgets by `displaySequence` then id;
 * - `GET /dashboard/widget/data/<id>`: what the widget's logic returns, as JSON.
 *
 * @internal
 */
export function dashboardRoutes(app: EmulatorApp, parts: EmulatorParts): void {
  const summary = ({ id, name, description }: DashboardRecord) => ({ id, name, description })

  app.get('/dashboard/list', async (c) => {
    const user = await parts.auth.caller(c.get('call'), 'login')
    return jsonResponse(
      runAsCaller(parts, user, () =>
        (SimpleQuery.getAll('Dashboard') as unknown as DashboardRecord[]).map(summary),
      ),
    )
  })

  app.get('/dashboard/meta/:id', async (c) => {
    const user = await parts.auth.caller(c.get('call'), 'login')
    const id = objectId(c.req.param('id'))
    return jsonResponse(
      runAsCaller(parts, user, () => {
        const dashboard = SimpleQuery.getById('Dashboard', id) as DashboardRecord | null
        if (dashboard === null) throw new WireError('NotFound', `there is no dashboard ${id}.`)
        const widgets = SimpleQuery.of('DashboardWidget')
          .eq('dashboard', dashboard)
          .list(0, 1000, ['displaySequence', 'id']) as unknown as WidgetRecord[]
        return {
          ...summary(dashboard),
          widgets: widgets.map(({ id, name, widgetType, displaySequence }) => ({
            id,
            name,
            widgetType,
            displaySequence,
          })),
        }
      }),
    )
  })

  app.get('/dashboard/widget/data/:id', async (c) => {
    const call = c.get('call')
    const user = await parts.auth.caller(call, 'login')
    const id = objectId(c.req.param('id'))
    const widget = runAsCaller(
      parts,
      user,
      () => SimpleQuery.getById('DashboardWidget', id) as WidgetRecord | null,
    )
    if (widget === null) throw new WireError('NotFound', `there is no dashboard widget ${id}.`)
    const result = await parts.logic.run(
      widget.logic,
      `DashboardWidget '${widget.name}'`,
      'widget',
      await call.logicRequest(user),
      user,
    )
    return jsonResponse(result ?? null)
  })
}
