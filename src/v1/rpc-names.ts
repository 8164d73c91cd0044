import { describeValue } from '../api/argument-checks.js'
import { IllegalArgumentException } from '../errors/illegal-argument-exception.js'

/**
 * Checks of the names dynamic RPC addresses services and methods by.
 *
 * @module
 * @internal
 */

/**
 * Requires a service name: a string with no blank characters at all, so that it reads the same in a
 * registry, a log and a decorator.
 *
 * @param where - The member and parameter, for the message.
 * @throws {@link IllegalArgumentException} naming what was given.
 */
export function checkServiceName(name: unknown, where: string): string {
  return checkName(name, where, 'service name', "such as 'orderTotals'")
}

/**
 * Requires a method name, as for {@link checkServiceName}.
 *
 * @param where - The member and parameter, for the message.
 * @throws {@link IllegalArgumentException} naming what was given.
 */
export function checkMethodName(name: unknown, where: string): string {
  return checkName(name, where, 'method name', "such as 'openCount'")
}

function checkName(name: unknown, where: string, what: string, example: string): string {
  if (typeof name !== 'string' || name === '' || /\s/.test(name)) {
    const got =
      typeof name === 'string'
        ? JSON.stringify(name)
        : typeof name === 'object' && name != null
          ? 'an object'
          : describeValue(name)
    throw new IllegalArgumentException(
      `${where} expects a ${what} as a non-empty string without spaces (${example}), got ${got}.`,
    )
  }
  return name
}
