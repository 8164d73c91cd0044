/**
 * The SQL name GORM's default naming strategy (Hibernate's `ImprovedNamingStrategy.addUnderscores`) gives a
 * class or property name: dots become underscores, an underscore goes where a lower-case letter is followed by an upper-case one that starts
 * a lower-case run, then everything lower-cased. `OrderLine` is `order_line`, `placedOn` is `placed_on`;
 * `URLValue` stays one word (`urlvalue`), as it does on the platform.
 *
 * @param name - A domain or field name.
 * @returns The table or column name, unquoted.
 * @internal
 */
export function sqlName(name: string): string {
  name = name.replaceAll('.', '_')
  let out = ''
  for (let i = 0; i < name.length; i++) {
    const char = name[i] as string
    if (i > 0 && i < name.length - 1 && isLower(name[i - 1]) && isUpper(char) && isLower(name[i + 1]))
      out += '_'
    out += char
  }
  return out.toLowerCase()
}

function isLower(char: string | undefined): boolean {
  return char !== undefined && char !== char.toUpperCase() && char === char.toLowerCase()
}

function isUpper(char: string | undefined): boolean {
  return char !== undefined && char !== char.toLowerCase() && char === char.toUpperCase()
}

/**
 * A name quoted as a SQL identifier: `"order"`, with a double quote inside doubled.
 *
 * @param name - The name.
 * @returns The quoted identifier.
 * @internal
 */
export function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}
