import { createRequire } from 'node:module'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import * as root from '../../src/index.js'
import * as contract from '../../src/runtime-contract/index.js'
import {
  IllegalArgumentException,
  IllegalStateException,
  MissingMethodException,
  NoSuchBeanDefinitionException,
  NoSuchMethodError,
  NonUniqueResultException,
  UnsupportedOperationException,
  ValidationException,
  VendorApiError,
} from '../../src/runtime-contract/index.js'
import { ensureBuilt } from '../packaging/built-package.js'

type Errors = Pick<
  typeof contract,
  | 'VendorApiError'
  | 'IllegalStateException'
  | 'IllegalArgumentException'
  | 'UnsupportedOperationException'
  | 'NoSuchMethodError'
  | 'MissingMethodException'
  | 'ValidationException'
  | 'NonUniqueResultException'
  | 'NoSuchBeanDefinitionException'
  | 'SQLException'
>

/** One example of each error, made by a given copy of the package. */
function examples(copy: Errors) {
  return {
    IllegalStateException: new copy.IllegalStateException(
      'SimpleQuery.count(String) is not available: no runtime is bound.',
    ),
    IllegalArgumentException: new copy.IllegalArgumentException('list expects offset >= 0, got -1.'),
    UnsupportedOperationException: new copy.UnsupportedOperationException('withSql needs a SQL store.'),
    NoSuchMethodError: new copy.NoSuchMethodError(
      'tech.vendor.api.AsyncHelper.task(ZLjava/lang/Runnable;)V',
      'Use task(runnable).',
    ),
    MissingMethodException: new copy.MissingMethodException({
      method: 'task',
      type: 'tech.vendor.api.AsyncHelper',
      isStatic: true,
      argumentTypes: ['java.lang.Boolean', 'groovy.lang.Closure'],
      argumentValues: ['true', 'groovy.lang.Closure@anonymous'],
    }),
    ValidationException: new copy.ValidationException('Order', [
      { field: 'status', code: 'nullable', message: 'is required' },
      { field: 'total', code: 'typeMismatch', message: 'must be a number', rejectedValue: 'x' },
    ]),
    NonUniqueResultException: new copy.NonUniqueResultException(3, 'Order'),
    NoSuchBeanDefinitionException: new copy.NoSuchBeanDefinitionException(
      'MailService',
      'none is registered.',
    ),
    SQLException: new copy.SQLException('ERROR: relation "no_such_table" does not exist', '42P01'),
  }
}

const expected = {
  IllegalStateException: { javaClass: 'java.lang.IllegalStateException', message: /no runtime is bound/ },
  IllegalArgumentException: { javaClass: 'java.lang.IllegalArgumentException', message: /offset >= 0/ },
  UnsupportedOperationException: {
    javaClass: 'java.lang.UnsupportedOperationException',
    message: /SQL store/,
  },
  NoSuchMethodError: {
    javaClass: 'java.lang.NoSuchMethodError',
    message: /^tech\.vendor\.api\.AsyncHelper\.task\(ZLjava\/lang\/Runnable;\)V\nUse task\(runnable\)\.$/,
  },
  MissingMethodException: {
    javaClass: 'groovy.lang.MissingMethodException',
    message:
      /^No signature of method: static tech\.vendor\.api\.AsyncHelper\.task\(\) is applicable for argument types: \(java\.lang\.Boolean, groovy\.lang\.Closure\) values: \[true, groovy\.lang\.Closure@anonymous\]$/,
  },
  ValidationException: {
    javaClass: 'grails.validation.ValidationException',
    message:
      /^Validation of Order failed with 2 errors; nothing was written:\n {2}- status: is required\n {2}- total: must be a number$/,
  },
  NonUniqueResultException: {
    javaClass: 'org.hibernate.NonUniqueResultException',
    message: /3 Order objects matched/,
  },
  NoSuchBeanDefinitionException: {
    javaClass: 'org.springframework.beans.factory.NoSuchBeanDefinitionException',
    message: /^No qualifying bean of type 'MailService' available: none is registered\.$/,
  },
  SQLException: {
    javaClass: 'java.sql.SQLException',
    message: /^ERROR: relation "no_such_table" does not exist$/,
  },
} as const

type Name = keyof typeof expected
const names = Object.keys(expected) as Name[]

const local: Errors = contract

/** The guard `copy[name].is(value)`, callable for a name that is only known at run time. */
function is(copy: Errors, name: Name | 'VendorApiError', value: unknown): boolean {
  return (copy[name] as unknown as { is(value: unknown): boolean }).is(value)
}

/** Look-alikes that carry an error's name and message but not the brand. */
const lookAlikes: unknown[] = [
  Object.assign(new Error('no runtime is bound'), { name: 'IllegalStateException' }),
  {
    name: 'IllegalStateException',
    message: 'no runtime is bound',
    javaClass: 'java.lang.IllegalStateException',
  },
  Object.create(IllegalStateException.prototype),
  { [Symbol.for('@tech-vendor/api.error-lineage')]: 'java.lang.IllegalStateException' },
  'IllegalStateException',
  null,
  undefined,
  42,
]

describe('the errors', () => {
  it('the root entry and the runtime-contract entry export the same classes', () => {
    for (const name of [...names, 'VendorApiError'] as const) expect(root[name]).toBe(contract[name])
  })

  it.each(names)('%s has its Java name, javaClass and message', (name) => {
    const error = examples(local)[name]
    expect(error.name).toBe(name)
    expect(error.javaClass).toBe(expected[name].javaClass)
    expect(contract[name].javaClass).toBe(expected[name].javaClass)
    expect(error.message).toMatch(expected[name].message)
    expect(String(error)).toBe(`${name}: ${error.message}`)
    expect(error).toBeInstanceOf(Error)
    expect(error.stack).toContain(name)
  })

  it.each(names)('%s.is() recognises its own errors and no other error of the package', (name) => {
    const all = examples(local)
    for (const other of names) {
      expect(is(local, name, all[other])).toBe(other === name)
      expect(all[other] instanceof contract[name]).toBe(other === name)
    }
    expect(VendorApiError.is(all[name])).toBe(true)
    expect(all[name]).toBeInstanceOf(VendorApiError)
  })

  it.each(names)('%s.is() and instanceof reject look-alikes', (name) => {
    for (const value of lookAlikes) {
      expect(is(local, name, value)).toBe(false)
      expect(value instanceof contract[name]).toBe(false)
    }
    expect(VendorApiError.is(new Error('plain'))).toBe(false)
  })

  it('keeps the details of each error as read-only data', () => {
    const all = examples(local)
    expect(all.NoSuchMethodError.descriptor).toBe('tech.vendor.api.AsyncHelper.task(ZLjava/lang/Runnable;)V')
    expect(all.MissingMethodException).toMatchObject({ method: 'task', type: 'tech.vendor.api.AsyncHelper' })
    expect(Object.isFrozen(all.MissingMethodException.argumentTypes)).toBe(true)
    expect(all.ValidationException.domain).toBe('Order')
    expect(all.ValidationException.errors.map((e) => e.field)).toEqual(['status', 'total'])
    expect(Object.isFrozen(all.ValidationException.errors)).toBe(true)
    expect(all.NonUniqueResultException.resultCount).toBe(3)
    expect(all.NoSuchBeanDefinitionException.beanType).toBe('MailService')
    expect(all.SQLException.sqlState).toBe('42P01')
    expect(all.SQLException.getSQLState()).toBe('42P01')
  })

  it('a subclass a host defines is recognised by the guard of its base class', () => {
    class StaleObjectStateException extends IllegalStateException {
      static override readonly javaClass = 'org.hibernate.StaleObjectStateException'
    }
    const error = new StaleObjectStateException('row was updated by another transaction')
    expect(IllegalStateException.is(error)).toBe(true)
    expect(StaleObjectStateException.is(error)).toBe(true)
    expect(StaleObjectStateException.is(new IllegalStateException('x'))).toBe(false)
    expect(error.javaClass).toBe('org.hibernate.StaleObjectStateException')
  })
})

describe('errors made by another copy of the package (the built CommonJS copy)', () => {
  let other: Errors

  beforeAll(() => {
    const require = createRequire(import.meta.url)
    other = require(join(ensureBuilt(), 'index.cjs')) as Errors
  })

  it('is really another copy', () => {
    expect(other.IllegalStateException).not.toBe(IllegalStateException)
    expect(Object.getPrototypeOf(new other.IllegalStateException('x'))).not.toBe(
      IllegalStateException.prototype,
    )
  })

  it.each(names)(
    '%s made by the other copy passes this copy’s is() and instanceof, and only those of its class',
    (name) => {
      const theirs = examples(other)
      for (const guard of names) {
        expect(is(local, guard, theirs[name])).toBe(guard === name)
        expect(theirs[name] instanceof contract[guard]).toBe(guard === name)
      }
      expect(VendorApiError.is(theirs[name])).toBe(true)
      expect(theirs[name].javaClass).toBe(expected[name].javaClass)
      expect(theirs[name].name).toBe(name)
    },
  )

  it.each(names)('%s made by this copy passes the other copy’s is() and instanceof', (name) => {
    const ours = examples(local)[name]
    expect(is(other, name, ours)).toBe(true)
    expect(ours instanceof other[name]).toBe(true)
    expect(other.VendorApiError.is(ours)).toBe(true)
    expect(other.IllegalArgumentException.is(ours)).toBe(name === 'IllegalArgumentException')
  })

  it('the other copy rejects look-alikes too', () => {
    for (const value of lookAlikes) expect(other.VendorApiError.is(value)).toBe(false)
  })
})

describe('the guards tell the classes apart', () => {
  it('MissingMethodException and NoSuchMethodError are distinct Java classes that both extend VendorApiError', () => {
    expect(MissingMethodException.is(new NoSuchMethodError('x'))).toBe(false)
    expect(NoSuchMethodError.is(examples(local).MissingMethodException)).toBe(false)
    expect(UnsupportedOperationException.is(new IllegalArgumentException('x'))).toBe(false)
    expect(NonUniqueResultException.is(new NoSuchBeanDefinitionException('A', 'b'))).toBe(false)
    expect(ValidationException.is(new IllegalStateException('x'))).toBe(false)
  })
})
