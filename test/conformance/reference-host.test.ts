import {
  describeConformance,
  type ConformanceHost,
  type ConformanceSetup,
} from '../../src/conformance/index.js'
import { createTestHost } from '../../src/testing/index.js'

/**
 * The reference host with the optional adapters wired to its plugin and seed APIs, so that the `plugins` and
 * `seed` groups run too. (`(setup) => createTestHost(setup)` alone is a ConformanceHost as well; then those
 * two groups are reported as skipped.)
 */
function referenceHost(setup: ConformanceSetup): ConformanceHost {
  const host = createTestHost(setup)
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

// The reference host runs the whole suite, every group, under its own name.
describeConformance('reference host', referenceHost)
