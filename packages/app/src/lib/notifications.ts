/** A notification of the spec's section 3: an id (a timestamp string) plus free fields. */
export type AppNotification = { id: string } & Record<string, unknown>;

/** The default time a notification stays, in milliseconds (spec section 9). */
export const NOTIFICATION_TIMEOUT_MS = 5000;

/**
 * The app's notification list: add, remove, update, clear; observable for React through
 * useSyncExternalStore. Ids are timestamp strings, made unique when two land in the same ms.
 */
export function createNotificationStore(now: () => number = Date.now) {
  let items: AppNotification[] = [];
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  let lastId = '';

  return {
    getSnapshot: () => items,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add(fields: Record<string, unknown>): string {
      let id = String(now());
      if (id <= lastId && id.length <= lastId.length) id = String(Number(lastId) + 1);
      lastId = id;
      items = [...items, { ...fields, id }];
      emit();
      return id;
    },
    remove(id: string) {
      const next = items.filter((n) => n.id !== id);
      if (next.length !== items.length) {
        items = next;
        emit();
      }
    },
    update(id: string, fields: Record<string, unknown>) {
      let found = false;
      items = items.map((n) => (n.id === id ? ((found = true), { ...n, ...fields, id }) : n));
      if (found) emit();
    },
    clear() {
      if (items.length) {
        items = [];
        emit();
      }
    },
  };
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;
