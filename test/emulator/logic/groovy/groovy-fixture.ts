import { vi } from 'vitest'
import { DomainHelper, SimpleQuery } from '../../../../src/index.js'
import { createEmulator, type Emulator, type EmulatorOptions } from '../../../../src/emulator/index.js'
import { findGroovyInstallation } from '../../../../src/emulator/logic/groovy/groovy-installation.js'

/**
 * Why the Groovy tests cannot run here (no Java or no Groovy), or `undefined` when they can. CI installs Debian's
 * groovy (.ci/run), so there they run.
 */
export const GROOVY_MISSING: string | undefined = (() => {
  const found = findGroovyInstallation(process.env)
  return 'missing' in found ? `Groovy logic needs Java and Groovy: ${found.missing}` : undefined
})()

/** The engine record of Groovy logic. */
export const GROOVY_ENGINE = 'GROOVY_CODE'

/** A JVM start on a busy machine takes seconds: the first call of a file gets this long. */
export const FIRST_CALL_MS = 120_000

/**
 * Keeps the lines a Groovy logic's `log` writes (stderr lines starting `[groovy]`) out of the test output and in
 * the returned list; every other stderr write goes through. Call it in `beforeAll`.
 */
export function captureGroovyLog(): string[] {
  const log: string[] = []
  const write = process.stderr.write.bind(process.stderr) as (chunk: string | Uint8Array) => boolean
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    if (!String(chunk).startsWith('[groovy]')) return write(chunk)
    log.push(String(chunk).trimEnd())
    return true
  })
  return log
}

/** An emulator for one test file (one JVM, shared by its tests), with helpers to define and call logic. */
export interface GroovyApp {
  readonly emulator: Emulator
  /** An access token of `admin`. */
  token(username?: string, password?: string): Promise<string>
  /** Creates (or, for a name seen before, changes the code of) a Groovy logic; returns its record. */
  logic(name: string, code: string, tenant?: string): object
  /** Creates (or, for a name seen before, changes the code of) a Groovy logic and an active service of the name. */
  service(
    name: string,
    code: string,
    options?: { readonly tenant?: string; readonly anonymous?: boolean },
  ): void
  /** Calls `/api/service/<name>` and reads the answer. */
  call(
    name: string,
    options?: {
      readonly query?: Record<string, string>
      readonly json?: unknown
      readonly token?: string | null
      readonly method?: string
    },
  ): Promise<{ status: number; body: any }>
  /** Calls a route under `/api` as `admin` (or with `token`) and reads the JSON answer. */
  request(
    method: string,
    path: string,
    options?: { readonly json?: unknown; readonly token?: string },
  ): Promise<{ status: number; body: any }>
  /** Runs code on the host as nobody in a tenant (default `default`). */
  asTenant<T>(fn: () => T, tenant?: string): T
}

/** Starts the emulator of a test file; close it in afterAll. */
export function startGroovyApp(options: EmulatorOptions = {}): GroovyApp {
  const emulator = createEmulator(options)
  const tokens = new Map<string, string>()
  const asTenant = <T>(fn: () => T, tenant = 'default'): T => emulator.host.runAs({ tenant, user: null }, fn)
  const app: GroovyApp = {
    emulator,
    asTenant,
    async token(username = 'admin', password = 'admin') {
      const known = tokens.get(username)
      if (known !== undefined) return known
      const response = await emulator.fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      })
      const token = ((await response.json()) as { access_token: string }).access_token
      tokens.set(username, token)
      return token
    },
    logic(name, code, tenant = 'default') {
      return asTenant(() => {
        const existing = SimpleQuery.of('DynamicLogic').eq('name', name).get() as Record<
          string,
          unknown
        > | null
        if (existing !== null) {
          const changed = { ...existing, code }
          DomainHelper.updateDomain(changed)
          return changed
        }
        const engine = SimpleQuery.of('DynamicLogicEngine').eq('name', GROOVY_ENGINE).get()
        const logic = DomainHelper.buildDomain('DynamicLogic', { name, code, dynamicLogicEngine: engine })
        DomainHelper.createDomain(logic)
        return logic
      }, tenant)
    },
    service(name, code, { tenant = 'default', anonymous = false } = {}) {
      const known = asTenant(() => SimpleQuery.of('DynamicServiceProvider').eq('name', name).get(), tenant)
      const logic = app.logic(name, code, tenant)
      if (known !== null) return
      asTenant(() => {
        DomainHelper.createDomain(
          DomainHelper.buildDomain('DynamicServiceProvider', {
            name,
            active: true,
            logic,
            enableAnonymous: anonymous,
          }),
        )
      }, tenant)
    },
    async request(method, path, { json, token } = {}) {
      const headers: Record<string, string> = { authorization: `Bearer ${token ?? (await app.token())}` }
      if (json !== undefined) headers['content-type'] = 'application/json'
      const response = await emulator.fetch(`/api${path}`, {
        method,
        headers,
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      })
      const text = await response.text()
      return { status: response.status, body: text === '' ? undefined : JSON.parse(text) }
    },
    async call(name, { query, json, token, method } = {}) {
      const bearer = token === null ? undefined : (token ?? (await app.token()))
      const headers: Record<string, string> = {}
      if (bearer !== undefined) headers['authorization'] = `Bearer ${bearer}`
      if (json !== undefined) headers['content-type'] = 'application/json'
      const search = query === undefined ? '' : `?${new URLSearchParams(query).toString()}`
      const response = await emulator.fetch(`/api/service/${encodeURIComponent(name)}${search}`, {
        method: method ?? (json === undefined ? 'GET' : 'POST'),
        headers,
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      })
      const text = await response.text()
      return { status: response.status, body: text === '' ? undefined : JSON.parse(text) }
    },
  }
  return app
}
