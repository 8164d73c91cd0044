import { pathToFileURL } from 'node:url'
import type { Report } from './report.js'
import { rules } from './rules.js'

/** The SARIF version written, and its schema. */
export const SARIF_VERSION = '2.1.0'
export const SARIF_SCHEMA =
  'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json'

/**
 * A report as a SARIF 2.1.0 log, the format code-scanning services (GitHub, GitLab, Azure DevOps) read: one
 * run whose driver lists every rule with its description, help link and default level, and one result per
 * finding, located relative to `%SRCROOT%` (the working directory).
 */
export function formatSarif(report: Report): string {
  const ruleIndex = new Map(rules.map((r, i) => [r.id, i]))
  const log = {
    $schema: SARIF_SCHEMA,
    version: SARIF_VERSION,
    runs: [
      {
        tool: {
          driver: {
            name: 'vendor-api',
            version: report.toolVersion,
            informationUri: rules[0]?.helpUri.replace(/#.*$/, ''),
            rules: rules.map((r) => ({
              id: r.id,
              shortDescription: { text: r.summary },
              fullDescription: { text: r.detection },
              help: { text: r.fix },
              helpUri: r.helpUri,
              defaultConfiguration: { level: r.severity },
            })),
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(`${report.cwd}/`).href } },
        columnKind: 'utf16CodeUnits',
        results: report.findings.map((f) => ({
          ruleId: f.rule,
          ruleIndex: ruleIndex.get(f.rule),
          level: f.severity,
          message: { text: `${f.message} Fix: ${f.hint}` },
          locations: [
            {
              physicalLocation: {
                artifactLocation: {
                  uri: f.file.split('/').map(encodeURIComponent).join('/'),
                  uriBaseId: '%SRCROOT%',
                },
                region: { startLine: f.line, startColumn: f.column },
              },
            },
          ],
          properties: { hint: f.hint },
        })),
      },
    ],
  }
  return `${JSON.stringify(log, null, 2)}\n`
}
