import { describe, expect, it } from 'vitest';
import {
  normalizeNotification,
  notificationSchema,
  notificationsResponseSchema,
} from '../../../../../main/common/protocol/api';
import { OWNER, OWNER_CHECKSUMMED, UID } from './fixtures';

const specItem = {
  id: 'ntf_01',
  account: OWNER,
  type: 'order_filled',
  message: 'Your order sold 1 WETH for 3012.35 USDC',
  timestamp: '2025-01-02T03:04:05Z',
  metadata: { orderId: UID, executedAmount: '3012345678' },
};

const liveItem = {
  id: 7,
  account: null,
  title: 'Scheduled maintenance',
  description: 'The API will be read-only for 10 minutes.',
  url: 'https://cow.fi/status',
  createdAt: '2025-01-02T03:04:05.000Z',
  dueDate: null,
  thumbnail: 'https://cow.fi/img.png',
  location: 'banner',
};

describe('notifications', () => {
  it('normalises the interface.md shape', () => {
    expect(normalizeNotification(specItem)).toEqual({
      id: 'ntf_01',
      account: OWNER_CHECKSUMMED,
      type: 'order_filled',
      title: 'Order filled',
      message: 'Your order sold 1 WETH for 3012.35 USDC',
      url: null,
      createdAt: '2025-01-02T03:04:05.000Z',
      orderUid: UID,
      executedAmount: '3012345678',
      raw: specItem,
    });
  });

  it('normalises the live shape: numeric id, broadcast account, no type', () => {
    const notification = normalizeNotification(liveItem);
    expect(notification).toMatchObject({
      id: '7',
      account: null,
      type: 'announcement',
      title: 'Scheduled maintenance',
      message: 'The API will be read-only for 10 minutes.',
      url: 'https://cow.fi/status',
      createdAt: '2025-01-02T03:04:05.000Z',
      orderUid: null,
      executedAmount: null,
    });
    expect(notification.raw).toHaveProperty('location', 'banner');
    expect(notificationSchema.parse(notification)).toEqual(notification);
  });

  it('parses a mixed array and an empty one', () => {
    const list = notificationsResponseSchema.parse([specItem, liveItem]);
    expect(list.map((item) => item.type)).toEqual(['order_filled', 'announcement']);
    expect(notificationsResponseSchema.parse([])).toEqual([]);
  });

  it('treats an unknown type as an announcement and drops malformed metadata values', () => {
    const notification = normalizeNotification({ ...specItem, type: 'new_kind', metadata: { orderId: 'x', executedAmount: '1.5' } });
    expect(notification).toMatchObject({ type: 'announcement', orderUid: null, executedAmount: null });
  });

  it('rejects items with no time or no text', () => {
    const { timestamp: _t, ...noTime } = specItem;
    expect(() => normalizeNotification(noTime)).toThrow();
    expect(() => normalizeNotification({ id: 1, createdAt: '2025-01-02T03:04:05Z' })).toThrow();
    expect(() => normalizeNotification({ ...specItem, timestamp: 'yesterday' })).toThrow();
  });
});
