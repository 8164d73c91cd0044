import { countSeverities, type Report } from './report.js'

/**
 * A report as one JSON object: `{ tool, command, target?, summary, findings }`, where `findings` is the
 * array of findings (`file`, `line`, `column`, `rule`, `severity`, `message`, `hint`) in file order.
 */
export function formatJson(report: Report): string {
  const output = {
    tool: { name: 'vendor-api', version: report.toolVersion },
    command: report.command,
    ...(report.target === undefined ? {} : { target: report.target }),
    summary: { files: report.files, ...countSeverities(report.findings) },
    findings: report.findings,
  }
  return `${JSON.stringify(output, null, 2)}\n`
}
