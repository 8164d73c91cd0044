import { isIP } from 'node:net'

/**
 * Whether the `Host` header of a request that came in over HTTP names the emulator in a way no DNS-rebinding
 * page can: a loopback name (`localhost` or a name under `.localhost`, which browsers resolve to loopback
 * themselves), an IP address (a page cannot have an address for its origin and reach another), or the hostname
 * `listen` was given; any port. A page of `attacker.example` whose name the attacker re-points at 127.0.0.1
 * sends `Host: attacker.example` and is refused, so it cannot drive the emulator from the developer's browser.
 * The rule is the one Vite's dev server applies by default. A request without the header (HTTP/1.0) passes: no
 * browser sends one.
 *
 * @internal
 */
export function isAllowedHost(header: string | null, listenHostname: string): boolean {
  if (header === null) return true
  const name = hostnameOf(header)
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    isIP(name) !== 0 ||
    name === hostnameOf(listenHostname)
  )
}

/** The host name of a `Host` header or a listen hostname, lower-case, without port, brackets or final dot. */
function hostnameOf(host: string): string {
  const trimmed = host.trim().toLowerCase()
  const name = trimmed.startsWith('[')
    ? trimmed.slice(1, trimmed.indexOf(']') === -1 ? undefined : trimmed.indexOf(']'))
    : isIP(trimmed) === 6
      ? trimmed
      : trimmed.replace(/:\d*$/, '')
  return name.endsWith('.') ? name.slice(0, -1) : name
}

/** How many answers {@link AllowedHosts} keeps before starting again. */
const KEPT_ANSWERS = 256

/**
 * {@link isAllowedHost}, remembered by `Host` header and listen hostname: a client sends the same header with
 * every request, and the check (an IP address parse among others) ran for each.
 *
 * @internal
 */
export class AllowedHosts {
  readonly #answers = new Map<string, boolean>()

  /** Whether the header names the emulator, as {@link isAllowedHost} answers. */
  allows(header: string | null, listenHostname: string): boolean {
    if (header === null) return true
    const key = `${listenHostname}\u0000${header}`
    let allowed = this.#answers.get(key)
    if (allowed === undefined) {
      if (this.#answers.size >= KEPT_ANSWERS) this.#answers.clear()
      allowed = isAllowedHost(header, listenHostname)
      this.#answers.set(key, allowed)
    }
    return allowed
  }
}
