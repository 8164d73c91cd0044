import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { typesCommand } from '../../../src/emulator/typegen/types-command.js'

const folders: string[] = []

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

/** A working directory holding a config file; runs `vendor-api types` there. */
async function types(config: unknown, ...args: string[]) {
  const cwd = mkdtempSync(join(tmpdir(), 'tech-vendor-types-'))
  folders.push(cwd)
  writeFileSync(join(cwd, 'emulator.json'), JSON.stringify(config))
  let stdout = ''
  let stderr = ''
  const code = await typesCommand(['--config', 'emulator.json', ...args], {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    cwd,
  })
  return { code, stdout, stderr, cwd }
}

describe('vendor-api types', () => {
  it("writes the DomainRegistry of the config's domains: every field type, null unless required, references by name", async () => {
    const { code, stdout, stderr } = await types({
      domains: {
        Customer: {
          fields: { name: { type: 'STRING', required: true }, vip: 'BOOLEAN' },
          labelField: 'name',
        },
        Order: {
          fields: {
            number: { type: 'INTEGER', required: true },
            total: 'BIG_DECIMAL',
            big: 'LONG',
            ratio: 'DOUBLE',
            day: 'LOCAL_DATE',
            at: 'ZONED_DATETIME',
            payload: 'JSON_STRING',
            customer: { type: 'DOMAIN_OBJECT', domain: 'Customer', required: true },
            'line items': { type: 'DOMAIN_OBJECT_LIST', domain: 'Customer' },
            scan: 'FILE',
          },
          roles: { delete: ['ROLE_ADMIN'] },
        },
      },
    })
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout).toBe(
      [
        "// The application's domains, for the typed client and SimpleQuery: made by `vendor-api types` from emulator.json.",
        '// Run it again when the domains change, rather than editing this file.',
        '//',
        '// BIG_DECIMAL fields are decimal strings: read them so with',
        '//   createClient({ baseUrl, decimals: {"Order": ["total"]} })',
        "import type {} from '@tech-vendor/api/client'",
        "import type { StorageFieldValue } from '@tech-vendor/api'",
        '',
        "declare module '@tech-vendor/api/client' {",
        '  interface DomainRegistry {',
        '    Customer: {',
        '      id: number',
        '      name: string',
        '      vip: boolean | null',
        '    }',
        '    Order: {',
        '      id: number',
        '      number: number',
        '      total: string | null',
        '      big: number | null',
        '      ratio: number | null',
        '      day: string | null',
        '      at: Date | null',
        '      payload: string | null',
        '      customer: DomainRegistry["Customer"]',
        '      "line items": DomainRegistry["Customer"][] | null',
        '      scan: StorageFieldValue | null',
        '    }',
        '  }',
        '}',
        '',
      ].join('\n'),
    )
  })

  it('writes to --out and says where', async () => {
    const { code, stdout, stderr, cwd } = await types(
      { domains: { Tag: { fields: { label: 'STRING' } } } },
      '--out',
      'domains.ts',
    )
    expect(code).toBe(0)
    expect(stdout).toBe('')
    expect(stderr).toBe('vendor-api types: wrote the DomainRegistry of domains.ts\n')
    expect(readFileSync(join(cwd, 'domains.ts'), 'utf8')).toContain(
      '    Tag: {\n      id: number\n      label: string | null\n    }\n',
    )
  })

  it('refuses a field type that is not the platform’s and a reference to a domain that is not declared, listing each', async () => {
    const { code, stdout, stderr } = await types({
      domains: {
        Order: {
          fields: { total: 'MONEY', customer: { type: 'DOMAIN_OBJECT', domain: 'Client' } },
        },
      },
    })
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toContain('Order.total: "MONEY" is not a platform field type')
    expect(stderr).toContain(
      'Order.customer: a DOMAIN_OBJECT field names the domain it refers to in "domain", one of Order; it has "Client"',
    )
  })

  it('is a usage error without a config, and a clear failure for a data folder that does not exist', async () => {
    let stderr = ''
    const io = { stdout: () => undefined, stderr: (text: string) => void (stderr += text), cwd: tmpdir() }
    expect(await typesCommand([], io)).toBe(2)
    expect(stderr).toContain('give the application: --config FILE')
    const missing = await types({ domains: {} }, '--data', 'no-such-folder')
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/--data .*no-such-folder: there is no such folder\./)
  })
})
