/**
 * The 0.0.5 surface of the platform's plugin library (`tech.vendor:api` 0.0.5), the plugin-template default.
 *
 * Every host-backed member delegates to the runtime a host has bound and throws `IllegalStateException`
 * while none is. The 1.0.0-series surface is `@tech-vendor/api/v1`.
 *
 * @example
 * ```ts
 * import { SimpleQuery } from '@tech-vendor/api'
 *
 * const open = SimpleQuery.of('Order').eq('status', 'OPEN').list(0, 20)
 * console.log(open.length, open.totalCount)
 * ```
 *
 * @module @tech-vendor/api
 */
export { StorageUtils } from './api/storage-utils.js'
export { QueryHelper, type SynchronousResult } from './api/query-helper.js'
export { SimpleQuery } from './api/simple-query.js'
export type { PaginationQueryResult } from './api/pagination-query-result.js'
export { DomainHelper } from './api/domain-helper.js'
export { BeanContainer } from './api/bean-container.js'
export { AsyncHelper } from './api/async-helper.js'
export { MessageHelper } from './api/message-helper.js'
export { Notification, type NotificationInit } from './model/notification.js'
export { MessageSeverity } from './model/message-severity.js'
export { DomainObjectRenderType } from './model/domain-object-render-type.js'
export type { StorageFieldValue } from './model/storage-field-value.js'
export type { QueryCondition, QueryOperator } from './model/query-condition.js'
export type { Sql, SqlParams, GroovyRowResult, BatchingStatementWrapper } from './model/sql.js'
export type {
  Runnable,
  RunnableObject,
  Closure,
  Class,
  InputStream,
  ExecutorService,
  ForkJoinPool,
  Thread,
} from './model/java-types.js'
export type {
  DomainRegistry,
  DomainObject,
  DomainName,
  DomainType,
  FieldName,
  ConditionValue,
  ComparableField,
  TextField,
  DomainProperties,
} from './model/domain-registry.js'
export { DynamicDomainEntity } from './api/dynamic-domain-entity.js'
export { VendorPlatformComponent } from './api/vendor-platform-component.js'
export {
  VendorWebSocketComponent,
  type WebSocketSession,
  type WebSocketMessage,
} from './api/vendor-web-socket-component.js'
export type { Session, TransactionStatus } from './runtime-contract/facets.js'
export * from './errors/index.js'
