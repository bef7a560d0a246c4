import { describe, expect, it, vi } from 'vitest';
import { createNotificationStore } from './notifications.js';

describe('notification store', () => {
  it('adds with a timestamp id, updates, removes and clears, telling subscribers', () => {
    let t = 1_795_000_000_000;
    const store = createNotificationStore(() => t);
    const listener = vi.fn();
    store.subscribe(listener);
    const a = store.add({ type: 'info', message: 'Saved' });
    expect(a).toBe('1795000000000');
    const b = store.add({ type: 'error', message: 'Failed' });
    expect(b).not.toBe(a);
    t += 10;
    const c = store.add({ message: 'Later' });
    expect(c).toBe('1795000000010');
    store.update(a, { message: 'Saved again', id: 'ignored' });
    expect(store.getSnapshot()[0]).toEqual({ id: a, type: 'info', message: 'Saved again' });
    store.remove(b);
    expect(store.getSnapshot().map((n) => n.id)).toEqual([a, c]);
    store.clear();
    expect(store.getSnapshot()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(6);
  });

  it('ignores updates and removals of unknown ids', () => {
    const store = createNotificationStore(() => 1);
    const listener = vi.fn();
    store.subscribe(listener);
    store.update('nope', { a: 1 });
    store.remove('nope');
    store.clear();
    expect(listener).not.toHaveBeenCalled();
  });
});
