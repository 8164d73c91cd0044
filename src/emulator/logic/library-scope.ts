/**
 * What a `JavaScript` logic has in scope: every value of the plugin library's root entry, by its name. The logic
 * runner takes this module as a namespace.
 *
 * Re-exported one by one rather than taken as `import * as` from the root entry: a namespace object of the root
 * entry would land in the root's shared build chunk, where a plugin bundler could no longer drop the facades a
 * plugin does not use; this module's namespace lands in the emulator's chunk. A test holds this list to the root
 * entry's exports.
 *
 * @module
 * @internal
 */
export {
  AsyncHelper,
  BeanContainer,
  DomainHelper,
  DomainObjectRenderType,
  DynamicDomainEntity,
  IllegalArgumentException,
  IllegalStateException,
  MessageHelper,
  MessageSeverity,
  MissingMethodException,
  NoSuchBeanDefinitionException,
  NoSuchMethodError,
  NonUniqueResultException,
  Notification,
  QueryHelper,
  SQLException,
  SimpleQuery,
  StorageUtils,
  UnsupportedOperationException,
  ValidationException,
  VendorApiError,
  VendorPlatformComponent,
  VendorWebSocketComponent,
} from '../../index.js'
