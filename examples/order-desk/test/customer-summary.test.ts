import { createEmulator } from '@tech-vendor/api/emulator'
import { describe, expect, it } from 'vitest'
import { orderDeskEmulator } from '../host/emulator.js'

async function login(emulator: ReturnType<typeof createEmulator>): Promise<string> {
  const response = await emulator.fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin' }),
  })
  return ((await response.json()) as { access_token: string }).access_token
}

describe('the customer-summary service on the emulator', () => {
  it("answers a customer's orders by status and what they came to", async () => {
    await using emulator = createEmulator(orderDeskEmulator)
    const token = await login(emulator)
    const response = await emulator.fetch('/api/service/customer-summary?customer=Ada%20Lovelace', {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      customer: 'Ada Lovelace',
      orders: { OPEN: 0, SHIPPED: 1, CANCELLED: 0 },
      spent: '11.00',
      latestOrder: 2,
    })
  })

  it('counts an order placed over REST', async () => {
    await using emulator = createEmulator(orderDeskEmulator)
    const token = await login(emulator)
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const lookup = async (domain: string, name: string): Promise<number> => {
      const search = await emulator.fetch(`/api/search/${domain}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ conditions: [{ field: 'name', operator: 'eq', value: name }] }),
      })
      return ((await search.json()) as { data: { id: number }[] }).data[0]!.id
    }
    const placed = await emulator.fetch('/api/data/DeskOrder', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        number: 3,
        customer: { id: await lookup('DeskCustomer', 'Grace Hopper') },
        product: { id: await lookup('DeskProduct', 'Widget') },
        quantity: 2,
        total: '25.00',
        status: 'OPEN',
        placedAt: '2025-03-01T10:00:00Z',
      }),
    })
    expect(((await placed.json()) as { status: string }).status).toBe('success')
    const summary = await emulator.fetch('/api/service/customer-summary?customer=Grace%20Hopper', { headers })
    expect(await summary.json()).toEqual({
      customer: 'Grace Hopper',
      orders: { OPEN: 1, SHIPPED: 1, CANCELLED: 0 },
      spent: '70.00',
      latestOrder: 3,
    })
  })

  it('refuses an anonymous call (11004, answered as 500) and a missing customer (500 with the message)', async () => {
    await using emulator = createEmulator(orderDeskEmulator)
    const anonymous = await emulator.fetch('/api/service/customer-summary?customer=Ada%20Lovelace')
    expect(anonymous.status).toBe(500)
    expect(await anonymous.json()).toEqual({ msg: expect.any(String), errorCode: 11004 })
    const token = await login(emulator)
    const missing = await emulator.fetch('/api/service/customer-summary?customer=Nobody', {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(missing.status).toBe(500)
    expect(((await missing.json()) as { msg: string }).msg).toContain('There is no customer named Nobody')
  })
})
