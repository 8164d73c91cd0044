import { createHash, timingSafeEqual } from 'node:crypto'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import type { EmulatorUser, UserChanges } from '../options/emulator-options.js'
import { isStringArray } from '../wire/is-string-array.js'
import type { RequestUser } from '../logic/logic-request.js'

/** A user as the emulator keeps it. */
interface UserRecord {
  readonly id: number
  readonly username: string
  password: string
  roles: readonly string[]
  name: string
  readonly tenant: string
  enabled: boolean
}

/** The user of `options.users` when none is given. */
export const DEFAULT_USERS: readonly EmulatorUser[] = Object.freeze([
  Object.freeze({
    username: 'admin',
    password: 'admin',
    roles: Object.freeze(['ROLE_ADMIN', 'ROLE_DEVELOPER']),
  }),
])

/**
 * The users who can log in, by username, with ids from 1 in the order given. Like the platform, nothing here
 * looks at `enabled` when checking a login or a token.
 *
 * @internal
 */
export class UserDirectory {
  readonly #users = new Map<string, UserRecord>()

  constructor(users: readonly EmulatorUser[], defaultTenant: string) {
    users.forEach((user, index) => {
      this.#users.set(user.username, {
        id: index + 1,
        username: user.username,
        password: user.password,
        roles: Object.freeze([...user.roles]),
        name: user.name ?? user.username,
        tenant: user.tenant ?? defaultTenant,
        enabled: user.enabled ?? true,
      })
    })
  }

  /** Whether the password is the user's (compared in constant time). */
  passwordMatches(username: string, password: string): boolean {
    const user = this.#users.get(username)
    if (user === undefined) return false
    const digest = (text: string): Buffer => createHash('sha256').update(text).digest()
    return timingSafeEqual(digest(user.password), digest(password))
  }

  /** The caller a request runs as, or `undefined` for an unknown username. */
  caller(username: string): RequestUser | undefined {
    const user = this.#users.get(username)
    if (user === undefined) return undefined
    return Object.freeze({
      id: user.id,
      username: user.username,
      name: user.name,
      roles: user.roles,
      tenant: user.tenant,
    })
  }

  /**
   * Changes a user.
   *
   * @throws IllegalArgumentException for an unknown user or a malformed change.
   */
  update(username: string, changes: UserChanges): void {
    const user = this.#users.get(username)
    if (user === undefined) {
      throw new IllegalArgumentException(
        `emulator.updateUser: there is no user ${JSON.stringify(username)}; the users are ${[...this.#users.keys()].join(', ')}.`,
      )
    }
    if (typeof changes !== 'object' || changes === null) {
      throw new IllegalArgumentException(
        'emulator.updateUser expects { password?, enabled?, roles?, name? }.',
      )
    }
    const { password, enabled, roles, name } = changes
    const problems: string[] = []
    for (const key of Object.keys(changes)) {
      if (!['password', 'enabled', 'roles', 'name'].includes(key))
        problems.push(`unknown change ${JSON.stringify(key)}`)
    }
    if (password !== undefined && typeof password !== 'string') problems.push('password must be a string')
    if (enabled !== undefined && typeof enabled !== 'boolean') problems.push('enabled must be a boolean')
    if (roles !== undefined && !isStringArray(roles)) problems.push('roles must be an array of role names')
    if (name !== undefined && (typeof name !== 'string' || name === ''))
      problems.push('name must be a non-empty string')
    if (problems.length > 0) {
      throw new IllegalArgumentException(
        `emulator.updateUser(${JSON.stringify(username)}): ${problems.join('; ')}.`,
      )
    }
    if (password !== undefined) user.password = password
    if (enabled !== undefined) user.enabled = enabled
    if (roles !== undefined) user.roles = Object.freeze([...roles])
    if (name !== undefined) user.name = name
  }
}
