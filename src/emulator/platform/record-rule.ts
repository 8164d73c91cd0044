/**
 * What the platform holds a platform record's fields to beyond their types: fields whose value no two records of
 * the domain share in a tenant, and fields that cannot change after creation (the platform's "the name field of
 * dynamic logic-related objects cannot be modified after creation"), and fields that take one of a list of values. A platform domain's rule is one line of
 * `PLATFORM_RECORD_RULES` (platform-domains.ts); the emulator checks it on every REST write and after seeding.
 *
 * @internal
 */
export interface RecordRule {
  /**
   * Fields whose value (null aside) is unique among the domain's records of a tenant; a list of fields is unique
   * together (`['domainClass', 'name']`: a name once per domain class).
   */
  readonly unique?: readonly (string | readonly string[])[]
  /** Fields that keep the value they were created with. */
  readonly immutable?: readonly string[]
  /** Fields that take one of some values (or null), such as a hook's `hookType`. */
  readonly values?: Readonly<Record<string, readonly string[]>>
}
