/** Runs public/`name` with `self` as its global (see service-worker-script.js). */
export function runServiceWorkerScript(name: string, self: object & { imported?: string[] }): void;
