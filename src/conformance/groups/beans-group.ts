import { expect, it } from 'vitest'
import { BeanContainer } from '../../api/bean-container.js'
import { NoSuchBeanDefinitionException } from '../../errors/no-such-bean-definition-exception.js'
import type { GroupDefinition } from './group-definition.js'
import { catchError } from './test-helpers.js'

abstract class Mailer {
  abstract send(to: string): string
}

class SmtpMailer extends Mailer {
  send(to: string): string {
    return `smtp:${to}`
  }
}

class Unregistered {}

/** SPEC §7.7: BeanContainer resolves the beans the host registered. */
export const beansGroup: GroupDefinition = {
  group: 'beans',
  title: 'BeanContainer (SPEC §7.7)',
  register({ start }) {
    it('getBean resolves a bean the host registered, by its class or a superclass', () => {
      const mailer = new SmtpMailer()
      start({ beans: [mailer] })
      expect(BeanContainer.getBean(SmtpMailer)).toBe(mailer)
      expect(BeanContainer.getBean(Mailer)).toBe(mailer)
      expect(BeanContainer.getBean(Mailer).send('ann')).toBe('smtp:ann')
      expect(BeanContainer.getBeansOfType(Mailer)).toEqual([mailer])
    })

    it('getBean of a type no bean has is a NoSuchBeanDefinitionException; getBeansOfType gives an empty list', () => {
      start({ beans: [new SmtpMailer()] })
      const error = catchError(() => BeanContainer.getBean(Unregistered))
      expect(
        NoSuchBeanDefinitionException.is(error),
        `expected NoSuchBeanDefinitionException, got ${String(error)}`,
      ).toBe(true)
      expect(BeanContainer.getBeansOfType(Unregistered)).toEqual([])
    })
  },
}
