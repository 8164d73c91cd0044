import { countSeverities, type Report } from './report.js'

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
  const against =
    report.target === undefined
      ? ''
      : ` (plugin ${report.target.plugin}, library ${report.target.apiVersion}, runtime ${report.target.runtime}, ${report.target.linkage} linkage)`
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
