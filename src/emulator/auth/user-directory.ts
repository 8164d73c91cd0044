import { createHash, timingSafeEqual } from 'node:crypto'
import { DomainHelper, SimpleQuery } from '../../index.js'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import type { TestHost } from '../../testing/index.js'
import type { EmulatorUser, UserChanges } from '../options/emulator-options.js'
import { isStringArray } from '../wire/is-string-array.js'
import type { RequestUser } from '../logic/logic-request.js'
import type { WriteWatch } from '../platform/write-watch.js'

/** The user of `options.users` when neither the options nor the data folder give one. */
export const DEFAULT_USERS: readonly EmulatorUser[] = Object.freeze([
  Object.freeze({
    username: 'admin',
    password: 'admin',
    roles: Object.freeze(['ROLE_ADMIN', 'ROLE_DEVELOPER']),
  }),
])

type Row = Record<string, unknown> & { readonly id: number }

/** How many usernames the directory keeps what it found for before it starts again. */
const KEPT_USERS = 4096

/** What the directory found for a username: the user and its tenant, and the caller once asked for. */
interface Found {
  readonly user: Row
  readonly tenant: string
  caller?: RequestUser
}

/** Options of a {@link UserDirectory}. */
export interface UserDirectoryOptions {
  /**
   * Whether to keep what was read for a username (its `User` record, tenant and roles) until a write may have
   * changed the user domains (default `true`). Turn it off where other processes write the same store (several
   * emulators on one PostgreSQL database, SPEC §15.2): their writes do not change this process's
   * {@link WriteWatch}, so only reading at every login and request sees them.
   */
  readonly cache?: boolean
}

/**
 * Who can log in, read from the platform's user domains (§13.5): a `User` by its username, in the tenants in
 * order (the default tenant first), with the roles of its groups (`UserGroup` -> `Group` -> `GroupRole` ->
 * `Role.authority`). What was read for a username is kept until the {@link WriteWatch} of the user domains says
 * they may have changed, so a REST write to these domains (or `emulator.updateUser`, a logic's or a test's write)
 * takes effect from the next login or request on, and the requests between read nothing. Like the platform,
 * nothing here looks at `enabled` when checking a login or a token.
 *
 * @internal
 */
export class UserDirectory {
  readonly #host: TestHost
  readonly #tenants: readonly string[]
  readonly #writes: WriteWatch
  readonly #cache: boolean
  /** What was found by username (`null`: no such user), as of {@link UserDirectory.#version}. */
  readonly #found = new Map<string, Found | null>()
  #version: number

  /**
   * @param host - The emulator's host, installed.
   * @param tenants - The tenants to look users up in, in order.
   * @param writes - What tells when the user domains (`USER_DOMAINS`: `User`, `UserGroup`, `Group`, `GroupRole`,
   *   `Role`, `Organization`) may have changed.
   * @param options - Whether to keep what was read.
   */
  constructor(
    host: TestHost,
    tenants: readonly string[],
    writes: WriteWatch,
    options: UserDirectoryOptions = {},
  ) {
    this.#host = host
    this.#tenants = tenants
    this.#writes = writes
    this.#cache = options.cache ?? true
    this.#version = writes.version
  }

  /**
   * Writes the users of `options.users` into the user domains of their tenants: each role a `Role` and a `Group`
   * of the same name holding it, and the user in the groups of its roles.
   */
  static addUsers(host: TestHost, users: readonly EmulatorUser[], defaultTenant: string): void {
    for (const user of users) {
      host.runAs({ tenant: user.tenant ?? defaultTenant, user: null }, () => {
        // On data kept from an earlier start (persist, a shared store) the user is there: the options win.
        const kept = SimpleQuery.of('User').eq('username', user.username).get()
        if (kept !== null) {
          DomainHelper.updateDomain(
            Object.assign(kept, {
              password: user.password,
              name: user.name ?? user.username,
              enabled: user.enabled ?? true,
            }),
          )
          for (const membership of SimpleQuery.of('UserGroup').eq('user', kept).listAll())
            DomainHelper.deleteDomain(membership)
          joinRoleGroups(kept, user.roles)
          return
        }
        const [created] = DomainHelper.batchCreate('User', [
          DomainHelper.buildDomain('User', {
            username: user.username,
            password: user.password,
            name: user.name ?? user.username,
            enabled: user.enabled ?? true,
          }),
        ])
        joinRoleGroups(created as Row, user.roles)
      })
    }
  }

  /** Whether the password is the user's (compared in constant time). */
  passwordMatches(username: string, password: string): boolean {
    const found = this.#find(username)
    if (found === undefined) return false
    const digest = (text: string): Buffer => createHash('sha256').update(text).digest()
    return timingSafeEqual(
      digest(typeof found.user['password'] === 'string' ? found.user['password'] : ''),
      digest(password),
    )
  }

  /** The caller a request runs as, or `undefined` for an unknown username. */
  caller(username: string): RequestUser | undefined {
    const found = this.#find(username)
    if (found === undefined) return undefined
    if (found.caller !== undefined) return found.caller
    const { user, tenant } = found
    const roles = this.#host.runAs({ tenant, user: null }, () => rolesOf(user))
    found.caller = Object.freeze({
      id: user.id,
      username,
      name: typeof user['name'] === 'string' && user['name'] !== '' ? user['name'] : username,
      roles: Object.freeze(roles),
      tenant,
    })
    return found.caller
  }

  /**
   * Changes a user: its record, and for `roles` its groups (the groups named after the roles).
   *
   * @throws IllegalArgumentException for an unknown user or a malformed change.
   */
  update(username: string, changes: UserChanges): void {
    const found = this.#find(username)
    if (found === undefined) {
      throw new IllegalArgumentException(
        `emulator.updateUser: there is no user ${JSON.stringify(username)}; the users are ${this.#usernames().join(', ')}.`,
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
    this.#host.runAs({ tenant: found.tenant, user: null }, () => {
      const fields: Record<string, unknown> = {}
      if (password !== undefined) fields['password'] = password
      if (enabled !== undefined) fields['enabled'] = enabled
      if (name !== undefined) fields['name'] = name
      if (Object.keys(fields).length > 0) DomainHelper.updateDomain({ ...found.user, ...fields })
      if (roles !== undefined) {
        for (const link of SimpleQuery.of('UserGroup').eq('user', found.user).listAll())
          DomainHelper.deleteDomain(link)
        joinRoleGroups(found.user, roles)
      }
    })
  }

  /** Every user who can log in (not disabled), tenant by tenant, with the roles of its groups. */
  logins(): RequestUser[] {
    return this.#tenants.flatMap((tenant) =>
      this.#host.runAs({ tenant, user: null }, () =>
        (SimpleQuery.getAll('User') as Row[])
          .filter((user) => user['enabled'] !== false)
          .flatMap((user) => this.caller(String(user['username'])) ?? []),
      ),
    )
  }

  /** The user of that username and its tenant: the first tenant in order that has one. */
  #find(username: string): Found | undefined {
    if (!this.#cache) return this.#read(username) ?? undefined
    if (this.#version !== this.#writes.version || this.#found.size >= KEPT_USERS) {
      this.#found.clear()
      this.#version = this.#writes.version
    }
    let found = this.#found.get(username)
    if (found === undefined) this.#found.set(username, (found = this.#read(username)))
    return found ?? undefined
  }

  #read(username: string): Found | null {
    for (const tenant of this.#tenants) {
      const user = this.#host.runAs(
        { tenant, user: null },
        () => SimpleQuery.of('User').eq('username', username).list(0, 1)[0],
      )
      if (user !== undefined) return { user, tenant }
    }
    return null
  }

  #usernames(): string[] {
    return this.#tenants.flatMap((tenant) =>
      this.#host.runAs({ tenant, user: null }, () =>
        SimpleQuery.getAll('User').map((u) => String(u['username'])),
      ),
    )
  }
}

/** A user's role names: the authorities of the roles of its groups, each once, in the order found. */
function rolesOf(user: Row): string[] {
  const groups = SimpleQuery.of('UserGroup')
    .eq('user', user)
    .listAll()
    .map((link) => link['group'])
  if (groups.length === 0) return []
  const roleIds = SimpleQuery.of('GroupRole')
    .in('group', groups as object[])
    .listAll()
    .map((link) => (link['role'] as { id: number }).id)
  const roles = SimpleQuery.getByIds('Role', [...new Set(roleIds)])
  return [...new Set(roles.map((role) => String(role['authority'])))]
}

/** Puts a user in the group named after each role, making the role, the group and their link when missing. */
function joinRoleGroups(user: Row, roles: readonly string[]): void {
  for (const authority of roles) {
    const role =
      SimpleQuery.of('Role').eq('authority', authority).list(0, 1)[0] ??
      DomainHelper.batchCreate('Role', [DomainHelper.buildDomain('Role', { authority })])[0]
    let group = SimpleQuery.of('Group').eq('name', authority).list(0, 1)[0]
    if (group === undefined) {
      group = DomainHelper.batchCreate('Group', [DomainHelper.buildDomain('Group', { name: authority })])[0]
      DomainHelper.createDomain(DomainHelper.buildDomain('GroupRole', { group, role }))
    }
    DomainHelper.createDomain(DomainHelper.buildDomain('UserGroup', { user, group }))
  }
}
