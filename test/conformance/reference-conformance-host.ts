import type { ConformanceHost } from '../../src/conformance/index.js'
import type { TestHost } from '../../src/testing/index.js'

/**
 * The reference host as a ConformanceHost, with the optional adapters wired to its plugin and seed APIs, so
 * that the `plugins` and `seed` groups run too. (`(setup) => createTestHost(setup)` alone is a
 * ConformanceHost as well; then those two groups are reported as skipped.) Shared by the reference run and
 * the broken-host fixtures, which start from it and break one rule each.
 */
export function referenceConformanceHost(host: TestHost): ConformanceHost {
  return {
    install: () => host.install(),
    uninstall: () => host.uninstall(),
    runAs: (identity, fn) => host.runAs(identity, fn),
    current: () => host.current(),
    whenIdle: () => host.whenIdle(),
    readStoredFile: (key) => host.readStoredFile(key),
    get pushedMessages() {
      return host.pushedMessages
    },
    pluginLoader: {
      load: (definition) => host.loadPlugin(definition),
      unload: (name) => host.unloadPlugin(name),
      reload: (name) => host.reloadPlugin(name),
    },
    seedData: { importCsv: (domain, csv) => host.importSeedCsv(domain, csv) },
  }
}
