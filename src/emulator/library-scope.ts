import {
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
} from '../index.js'

/**
 * What a `JavaScript` logic has in scope: every value of the plugin library's root entry, by its name.
 *
 * Named one by one rather than taken as `import * as`: a namespace object of the root entry would land in the
 * root's shared build chunk, where a plugin bundler could no longer drop the facades a plugin does not use. A
 * test holds this list to the root entry's exports.
 *
 * @internal
 */
export const LIBRARY_SCOPE: Readonly<Record<string, unknown>> = Object.freeze({
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
})
