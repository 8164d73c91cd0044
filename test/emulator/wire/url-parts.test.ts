import { describe, expect, it } from 'vitest'
import { urlParts } from '../../../src/emulator/wire/url-parts.js'

describe('urlParts', () => {
  it('gives the path and query of a URL as URL#pathname and URL#search do, plain or not', () => {
    const urls = [
      'http://localhost/api/data/Order',
      'http://127.0.0.1:8080/api/data/Order/7?max=5&offset=10',
      'http://[::1]:3000/api/service/summary?q=a%20b&x=%zz',
      'https://example.test/',
      'http://h/a/b?',
      'http://h/a/b#part',
      'http://h/a/b?q=1#part',
      'http://h/a/./b/../c',
      'http://h/a/%2e%2E/b',
      'http://h/a\\b',
      'http://h/a b?c d',
      "http://h/it's?name='x'",
      'http://h/ä?ö=ü',
      'http://h/a{b}?c=`',
      'http://h/a..b/.c',
      'http://h/a/b?x=1?2',
    ]
    for (const url of urls) {
      const { pathname, search } = new URL(url)
      expect(urlParts(url), url).toEqual({ pathname, search })
    }
  })

  it('agrees with URL on random paths and queries of every kind of character', () => {
    const characters = 'aZ09-._~!$&\'()*+,;=:@/?%#[]\\ "<>`{}|^é'
    let seed = 1
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    for (let i = 0; i < 20_000; i++) {
      let url = 'http://h/'
      for (let j = next(12); j > 0; j--) url += characters[next(characters.length)]
      const { pathname, search } = new URL(url)
      expect(urlParts(url), url).toEqual({ pathname, search })
    }
  })
})
