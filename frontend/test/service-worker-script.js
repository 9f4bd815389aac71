import { readFileSync } from 'node:fs';
import vm from 'node:vm';

/**
 * Runs a script of public/ (a service worker file) as the browser would: plain script, its global
 * `self` given by the test. `importScripts('/x.js')` runs public/x.js in the same global.
 */
export function runServiceWorkerScript(name, self) {
  const context = vm.createContext({ self, URL, Promise, JSON, Set, Map, console });
  context.importScripts = (...urls) => {
    for (const url of urls) {
      self.imported?.push(url);
      vm.runInContext(
        readFileSync(new URL(`../public/${url.replace(/^\//, '')}`, import.meta.url), 'utf8'),
        context,
      );
    }
  };
  self.importScripts = context.importScripts;
  vm.runInContext(readFileSync(new URL(`../public/${name}`, import.meta.url), 'utf8'), context);
}
