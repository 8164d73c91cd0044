import { countSeverities, type Report } from './report.js'

/** "plugin orders, library 0.0.5, runtime ..., dynamic linkage", or each plugin with its library line. */
function describeTarget(target: NonNullable<Report['target']>): string {
  const [only, ...more] = target.plugins
  const plugins =
    only === undefined
      ? 'no plugin'
      : more.length === 0
        ? `plugin ${only.name}, library ${only.apiVersion}`
        : `plugins ${target.plugins.map((p) => `${p.name} (library ${p.apiVersion})`).join(', ')}`
  return `${plugins}, runtime ${target.runtime}, ${target.linkage} linkage`
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`

/**
 * A report as people read it in a terminal or a CI log: one line per finding in the form
 * `file:line:column  severity  rule  message`, that editors and CI log viewers link, with its fix below,
 * then a summary line.
 */
export function formatText(report: Report): string {
  const lines: string[] = []
  for (const f of report.findings) {
    lines.push(`${f.file}:${f.line}:${f.column}  ${f.severity}  ${f.rule}  ${f.message}`)
    lines.push(`    fix: ${f.hint}`)
  }
  const { errors, warnings } = countSeverities(report.findings)
  const against = report.target === undefined ? '' : ` (${describeTarget(report.target)})`
  const checked = `${plural(report.files, 'file')} checked${against}`
  if (report.findings.length === 0) {
    lines.push(`No problems: ${checked}.`)
  } else {
    if (lines.length > 0) lines.push('')
    lines.push(
      `${plural(report.findings.length, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')}): ${checked}.`,
    )
  }
  return `${lines.join('\n')}\n`
}
