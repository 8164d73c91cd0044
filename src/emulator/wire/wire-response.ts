import { JsonAnswer } from './json-answer.js'
import type { WireError } from './wire-error.js'
import { writeJson } from './write-json.js'

/**
 * A JSON response, written by {@link writeJson} (BIG_DECIMAL values as numbers that keep their scale): a
 * {@link JsonAnswer}, which builds the `Response` only when something needs one.
 *
 * @internal
 */
export function jsonResponse(value: unknown, status = 200): Response {
  return new JsonAnswer(writeJson(value), status) as unknown as Response
}

/**
 * The response of what dynamic logic or a controller returned: its JSON, or an empty 200 for `undefined`.
 *
 * @internal
 */
export function resultResponse(result: unknown): Response {
  return result === undefined ? new Response(null, { status: 200 }) : jsonResponse(result)
}

/**
 * The response of an error: its status and the platform's body for it.
 *
 * @internal
 */
export function errorResponse(error: WireError): Response {
  return jsonResponse(error.body(), error.status)
}

/**
 * The mutation envelope of create, update and delete, keys in the document's order: `status` (`success`, or
 * `error` on a validation failure), `message` (empty on success, the validation text on failure), `data` (the
 * affected object, `null` when nothing was written) and `date` (the time of the answer in milliseconds).
 *
 * @internal
 */
export function mutationEnvelope(
  outcome: { readonly data: unknown } | { readonly error: string },
  date: number,
): Record<string, unknown> {
  return 'error' in outcome
    ? { status: 'error', message: outcome.error, data: null, date }
    : { status: 'success', message: '', data: outcome.data, date }
}
