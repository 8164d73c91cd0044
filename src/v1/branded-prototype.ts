import { describeValue } from '../api/argument-checks.js'
import { IllegalArgumentException } from '../errors/illegal-argument-exception.js'

/**
 * The prototype of a class that extends one of the 1.0.0 series' base classes, recognised by the base's
 * `Symbol.for` brand so that it works across package copies.
 *
 * @param candidate - What the caller passed as the class.
 * @param brand - The brand on the base class's prototype.
 * @param base - The base class's name, for the message.
 * @param where - The member, for the message.
 * @returns The class's prototype.
 * @throws {@link IllegalArgumentException} when `candidate` is not a class that extends the base.
 * @internal
 */
export function brandedPrototype(candidate: unknown, brand: symbol, base: string, where: string): object {
  const proto: unknown =
    typeof candidate === 'function' ? (candidate as { prototype?: unknown }).prototype : undefined
  if (typeof proto !== 'object' || proto == null || !(brand in proto)) {
    throw new IllegalArgumentException(
      `${where} expects a class that extends ${base}, got ${
        typeof candidate === 'function'
          ? `class ${candidate.name || '(anonymous)'}`
          : describeValue(candidate)
      }. Extend ${base} from '@tech-vendor/api/v1'.`,
    )
  }
  return proto
}
