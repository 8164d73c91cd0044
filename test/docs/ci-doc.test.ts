import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { rules } from '../../src/checker/rules.js'

const page = readFileSync(new URL('../../docs/ci.md', import.meta.url), 'utf8')
const rulesPart = page.slice(page.indexOf('\n## The rules\n'))

/** The text of `### <id>` up to the next heading. */
function section(id: string): string {
  const start = rulesPart.indexOf(`\n### ${id}\n`)
  if (start === -1) return ''
  const end = rulesPart.slice(start + 1).search(/\n##+ /)
  return end === -1 ? rulesPart.slice(start) : rulesPart.slice(start, start + 1 + end)
}

/** Markdown joins lines of a paragraph with spaces: compare text with line breaks folded. */
const fold = (text: string): string => text.replace(/\s*\n\s*/g, ' ')

describe('docs/ci.md, held to the rule modules', () => {
  it('has one section per rule under "The rules", in the order of the rules, and no other', () => {
    const headings = [...rulesPart.matchAll(/^### (\S+)$/gm)].map((m) => m[1])
    expect(headings).toEqual(rules.map((r) => r.id))
  })

  it("lists every rule in its table, with the rule's severity and summary, in order", () => {
    const rows = [...rulesPart.matchAll(/^\| \[`([\w-]+)`\]\(#([\w-]+)\)\s*\| (\w+)\s*\| (.+?)\s*\|$/gm)].map(
      (m) => ({ id: m[1], anchor: m[2], severity: m[3], summary: m[4] }),
    )
    expect(rows).toEqual(
      rules.map((r) => ({ id: r.id, anchor: r.id, severity: r.severity, summary: r.summary })),
    )
  })

  it.each(rules.map((r) => [r.id, r] as const))(
    '%s: opens with its severity and summary, and states its detection and fix',
    (id, rule) => {
      const text = fold(section(id))
      const opening = new RegExp(`^ ### ${id} \\*\\*${rule.severity === 'error' ? 'Error' : 'Warning'}`)
      expect(text).toMatch(opening)
      expect(text).toContain(rule.summary.replace(/\.$/, ''))
      expect(text).toContain(`Detected: ${rule.detection}`)
      expect(text).toContain(`Fix: ${rule.fix}`)
    },
  )

  it('links each rule where its help URI points', () => {
    for (const rule of rules) expect(rule.helpUri.endsWith(`/docs/ci.md#${rule.id}`)).toBe(true)
  })
})
