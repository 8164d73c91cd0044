import { SimpleQuery } from '../../index.js'
import type { EmulatorApp, EmulatorParts } from '../emulator-parts.js'
import type { RequestUser } from '../logic/logic-request.js'
import { runAsCaller } from '../logic/run-as-caller.js'
import { DASHBOARD_FORM_TYPE, meetsRoles } from '../platform/dashboard-records.js'
import { objectId } from './page-params.js'
import { WireError } from '../wire/wire-error.js'
import { jsonResponse } from '../wire/wire-response.js'

/** A `DynamicForm` record as the routes read it. */
interface FormRecord {
  readonly id: number
  readonly name: string
  readonly label: string | null
  readonly formType: string | null
  readonly enableRoles: string | null
}

/** A `DynamicDashboardWidget` record as the routes read it. */
interface WidgetRecord {
  readonly id: number
  readonly name: string
  readonly label: string | null
  readonly displaySequence: number | null
  readonly form: { readonly id: number }
  readonly coreLogic: { readonly id: number } | null
  readonly enableLogic: { readonly id: number } | null
  readonly type: string | null
  readonly options: string | null
}

/**
 * Dashboards (§14.6) of the caller's tenant, for any logged-in user (401/1008 without a token): the
 * `DynamicForm` records of `formType` `DASHBOARD` whose `enableRoles` meet the caller's roles (empty: every
 * caller). The document shows no payload, so (the emulator's choice):
 *
 * - `GET /dashboard/list`: `[{id, name, label}]`, by id;
 * - `GET /dashboard/meta/<id>`: `{id, name, label, widgets: [{id, name, label, displaySequence, type, options}]}`,
 *   widgets by `displaySequence` then id; 404/1005 for a form that is no dashboard, 403/1004 for a dashboard the
 *   caller's roles do not meet;
 * - `GET /dashboard/widget/data/<id>`: what the widget's `coreLogic` returns, as JSON; its logic gets
 *   `{ widget, dashboard, params, user }` (`params` the query parameters). Refused (403/1004) for a dashboard the
 *   caller's roles do not meet, and when the widget's `enableLogic` returns `false`.
 *
 * @internal
 */
export function dashboardRoutes(app: EmulatorApp, parts: EmulatorParts): void {
  const summary = ({ id, name, label }: FormRecord) => ({ id, name, label })
  const widgetSummary = ({ id, name, label, displaySequence, type, options }: WidgetRecord) => ({
    id,
    name,
    label,
    displaySequence,
    type,
    options,
  })

  /** The dashboard of that id the caller may see: 404 when it is none, 403 when the roles do not meet it. */
  const dashboard = (user: RequestUser, id: number): FormRecord => {
    const form = SimpleQuery.getById('DynamicForm', id) as FormRecord | null
    if (form === null || form.formType !== DASHBOARD_FORM_TYPE)
      throw new WireError('NotFound', `there is no dashboard ${id} (a DynamicForm of formType DASHBOARD).`)
    if (!meetsRoles(form.enableRoles, user.roles)) {
      throw new WireError(
        'NoPermission',
        `${user.username} may not see dashboard '${form.name}': it is enabled for ${form.enableRoles}, and the user has ${user.roles.length === 0 ? 'no role' : user.roles.join(', ')}.`,
      )
    }
    return form
  }

  app.get('/dashboard/list', async (c) => {
    const user = await parts.auth.caller(c.get('call'), 'login')
    return jsonResponse(
      runAsCaller(parts, user, () =>
        (
          SimpleQuery.of('DynamicForm')
            .eq('formType', DASHBOARD_FORM_TYPE)
            .listAll() as unknown as FormRecord[]
        )
          .filter((form) => meetsRoles(form.enableRoles, user.roles))
          .sort((a, b) => a.id - b.id)
          .map(summary),
      ),
    )
  })

  app.get('/dashboard/meta/:id', async (c) => {
    const user = await parts.auth.caller(c.get('call'), 'login')
    const id = objectId(c.req.param('id'))
    return jsonResponse(
      runAsCaller(parts, user, () => {
        const form = dashboard(user, id)
        const widgets = SimpleQuery.of('DynamicDashboardWidget')
          .eq('form', form)
          .list(0, 1000, ['displaySequence', 'id']) as unknown as WidgetRecord[]
        return { ...summary(form), widgets: widgets.map(widgetSummary) }
      }),
    )
  })

  app.get('/dashboard/widget/data/:id', async (c) => {
    const call = c.get('call')
    const user = await parts.auth.caller(call, 'login')
    const id = objectId(c.req.param('id'))
    const { widget, form } = runAsCaller(parts, user, () => {
      const found = SimpleQuery.getById('DynamicDashboardWidget', id) as WidgetRecord | null
      if (found === null) throw new WireError('NotFound', `there is no dashboard widget ${id}.`)
      return { widget: found, form: dashboard(user, found.form.id) }
    })
    const parameter = {
      widget: widgetSummary(widget),
      dashboard: summary(form),
      params: (await call.logicRequest(user)).params,
      user,
    }
    const owner = `DynamicDashboardWidget '${widget.name}'`
    if (widget.enableLogic !== null) {
      const enabled = await parts.logic.run(
        widget.enableLogic,
        `${owner} (enableLogic)`,
        'widgetEnable',
        parameter,
        user,
      )
      if (enabled === false) {
        throw new WireError(
          'NoPermission',
          `${owner} is not enabled for ${user.username}: its enableLogic returned false.`,
        )
      }
    }
    return jsonResponse((await parts.logic.run(widget.coreLogic, owner, 'widget', parameter, user)) ?? null)
  })
}
