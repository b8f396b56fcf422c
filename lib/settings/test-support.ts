// A fresh profile for unit tests: empty trusted store, secrets and event cache, and a migration
// that runs again. fakeBrowser.reset() clears the browser's storage areas but not IndexedDB.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { forgetMigration } from './migration';

export function freshProfile(): void {
  fakeBrowser.reset();
  globalThis.indexedDB = new IDBFactory();
  forgetMigration();
}
