import type { KeyValueStore } from '../../machines/accounts';

/**
 * localStorage. Reading never fails (a browser that refuses storage reads as empty); writing throws
 * when the browser refuses (private mode, quota), so a save can say it failed. The journey's autosave
 * catches that itself.
 */
export function browserStore(): KeyValueStore {
  return {
    getItem: (key) => {
      try {
        return window.localStorage.getItem(key);
      } catch {
        return null;
      }
    },
    setItem: (key, value) => window.localStorage.setItem(key, value),
  };
}
