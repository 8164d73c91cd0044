import { describe, expect, it, vi } from 'vitest'
import { BeanContainer, IllegalArgumentException, NoSuchBeanDefinitionException } from '../../src/index.js'
import { bindTinyRuntime, unbindAfterEach } from './tiny-runtime.js'

unbindAfterEach()

abstract class ExportFormat {
  abstract readonly extension: string
}
class CsvFormat extends ExportFormat {
  readonly extension = 'csv'
}
class XlsxFormat extends ExportFormat {
  readonly extension = 'xlsx'
}

function bindBeanHost() {
  const beans = [new CsvFormat(), new XlsxFormat()]
  const host = {
    getBean: vi.fn((type: abstract new (...args: never[]) => unknown) => {
      const found = beans.filter((bean) => bean instanceof type)
      if (found.length !== 1)
        throw new NoSuchBeanDefinitionException(type.name, `${found.length} beans match.`)
      return found[0]
    }),
    getBeansOfType: vi.fn((type: abstract new (...args: never[]) => unknown) =>
      beans.filter((bean) => bean instanceof type),
    ),
  }
  bindTinyRuntime({ beans: host as never })
  return { host, beans }
}

describe('BeanContainer', () => {
  it('getBean hands the host the class and returns its bean', () => {
    const { host, beans } = bindBeanHost()
    expect(BeanContainer.getBean(CsvFormat)).toBe(beans[0])
    expect(host.getBean).toHaveBeenCalledWith(CsvFormat)
  })

  it('getBean passes on the host’s NoSuchBeanDefinitionException', () => {
    bindBeanHost()
    expect(() => BeanContainer.getBean(ExportFormat)).toThrow(NoSuchBeanDefinitionException)
  })

  it('getBeansOfType returns a fresh array of every bean of the type', () => {
    const { host, beans } = bindBeanHost()
    const found = BeanContainer.getBeansOfType(ExportFormat)
    expect(found).toEqual(beans)
    expect(found.map((format) => format.extension)).toEqual(['csv', 'xlsx'])
    expect(host.getBeansOfType).toHaveBeenCalledWith(ExportFormat)
  })

  it('rejects what is not a class, without calling the host', () => {
    const { host } = bindBeanHost()
    expect(() => BeanContainer.getBean('csvFormat' as never)).toThrow(
      /BeanContainer\.getBean\(Class\) expects a class \(a constructor such as Invoice\), got string "csvFormat"/,
    )
    expect(() => BeanContainer.getBeansOfType(null as never)).toThrow(IllegalArgumentException)
    expect(host.getBean).not.toHaveBeenCalled()
    expect(host.getBeansOfType).not.toHaveBeenCalled()
  })
})
