import { describe, expect, it } from 'vitest'
import type { ManifestReading } from '../../src/plugin-manifest/plugin-manifest-fields.js'
import { readPackageManifest, readPluginManifest } from '../../src/plugin-manifest/read-plugin-manifest.js'

/** The problems of a reading that must have failed. */
function problems(reading: ManifestReading | undefined): readonly string[] {
  if (reading === undefined || reading.ok)
    throw new Error(`expected problems, got ${JSON.stringify(reading)}`)
  return reading.problems
}

describe('readPluginManifest', () => {
  it('applies the defaults: apiVersion 0.0.5 and no dependencies', () => {
    expect(readPluginManifest({ name: 'orders', version: '1.2.0' })).toEqual({
      ok: true,
      manifest: { name: 'orders', version: '1.2.0', apiVersion: '0.0.5', dependsOnPlugins: [] },
    })
  })

  it('keeps what the manifest gives, and freezes the result', () => {
    const reading = readPluginManifest({
      name: 'billing',
      version: '2.0.0',
      apiVersion: '1.0.0',
      dependsOnPlugins: ['PlatformAdapter', 'orders'],
    })
    if (!reading.ok) throw new Error(reading.problems.join('; '))
    expect(reading.manifest).toEqual({
      name: 'billing',
      version: '2.0.0',
      apiVersion: '1.0.0',
      dependsOnPlugins: ['PlatformAdapter', 'orders'],
    })
    expect(Object.isFrozen(reading.manifest)).toBe(true)
    expect(Object.isFrozen(reading.manifest.dependsOnPlugins)).toBe(true)
  })

  it('names every problem at once', () => {
    expect(
      problems(readPluginManifest({ name: ' ', version: 3, apiVersion: '2.0', dependsOnPlugins: 'orders' })),
    ).toEqual([
      'name must be a non-empty string',
      'version must be a non-empty string',
      "apiVersion must be '0.0.5' or '1.0.0' (the library line the plugin is built against; '0.0.5' when left out), got \"2.0\"",
      'dependsOnPlugins must be an array of plugin names, such as ["PlatformAdapter"]',
    ])
  })

  it('refuses the name of the built-in plugin, and empty dependency names', () => {
    expect(
      problems(readPluginManifest({ name: 'PlatformAdapter', version: '1.0.0', dependsOnPlugins: [''] })),
    ).toEqual([
      "name PlatformAdapter is the platform's built-in plugin: choose another name",
      'dependsOnPlugins must be an array of plugin names, such as ["PlatformAdapter"]',
    ])
  })

  it.each([null, [], 'orders', 42])('refuses %j, which is not an object', (value) => {
    expect(problems(readPluginManifest(value))).toEqual([
      'the manifest must be an object { name, version, apiVersion, dependsOnPlugins }',
    ])
  })
})

describe('readPackageManifest', () => {
  it("falls back to the package's name and version", () => {
    expect(readPackageManifest({ name: 'orders-plugin', version: '3.1.0', vendorPlugin: {} })).toEqual({
      ok: true,
      manifest: { name: 'orders-plugin', version: '3.1.0', apiVersion: '0.0.5', dependsOnPlugins: [] },
    })
  })

  it("prefers the manifest's own name and version", () => {
    const reading = readPackageManifest({
      name: 'orders-plugin',
      version: '3.1.0',
      vendorPlugin: { name: 'orders', version: '1.0.0' },
    })
    expect(reading).toMatchObject({ ok: true, manifest: { name: 'orders', version: '1.0.0' } })
  })

  it('says that a missing name or version may come from the package', () => {
    expect(problems(readPackageManifest({ vendorPlugin: { apiVersion: '1.0.0' } }))).toEqual([
      "name must be a non-empty string (it defaults to the package's)",
      "version must be a non-empty string (it defaults to the package's)",
    ])
  })

  it('gives nothing for a package without a vendorPlugin field, so that each reader says what to add', () => {
    expect(readPackageManifest({ name: 'not-a-plugin', version: '1.0.0' })).toBeUndefined()
    expect(readPackageManifest(null)).toBeUndefined()
  })

  it('reads a vendorPlugin field that is not an object as an invalid manifest', () => {
    expect(problems(readPackageManifest({ name: 'x', version: '1.0.0', vendorPlugin: true }))).toHaveLength(1)
  })
})
