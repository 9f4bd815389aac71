import type * as undici from 'undici';
import { Worker } from 'node:worker_threads';
import type * as threads from 'node:worker_threads';

/** One request of a workload, as a player's browser would send it. */
export interface LoadRequest {
  method: string;
  path: string;
  cookie?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The status it must answer with (a workload fails otherwise). */
  expect: number;
}

export interface LoadResult {
  latencies: number[];
  seconds: number;
}

interface Job {
  baseUrl: string;
  inFlight: number;
  /** Sent first, untimed, on the same connections: players opening the app (`openApp`). */
  warm: LoadRequest[];
  requests: LoadRequest[];
}

/**
 * The load generator's thread. It runs in a worker (the source of this function is its script), so
 * the client's work — HTTP parsing, `fetch`, its garbage — is not on the app's thread, as a real
 * player's browser is not: a workload then measures the app, and its ceiling what HTTP allows the
 * app. Its connections are at most `inFlight` (an undici `Agent`; see `boundConnections`).
 */
function loadGeneratorThread(): void {
  /* eslint-disable @typescript-eslint/no-require-imports -- the worker runs this as a CommonJS script */
  const { parentPort, workerData } = require('node:worker_threads') as typeof threads;
  const { Agent, fetch } = require('undici') as typeof undici;
  /* eslint-enable @typescript-eslint/no-require-imports */
  const job = workerData as Job;
  const dispatcher = new Agent({ connections: job.inFlight });
  const send = async (request: LoadRequest): Promise<string | null> => {
    const response = await fetch(job.baseUrl + request.path, {
      method: request.method,
      dispatcher,
      headers: {
        ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(request.cookie ? { cookie: request.cookie } : {}),
        ...request.headers,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
    const text = await response.text();
    return response.status === request.expect
      ? null
      : `${request.method} ${request.path}: ${response.status} ${text}`;
  };
  const closedLoop = async (requests: LoadRequest[]) => {
    const latencies: number[] = [];
    const failures: string[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: Math.min(job.inFlight, requests.length) }, async () => {
        while (next < requests.length) {
          const request = requests[next++]!;
          const sent = performance.now();
          const failure = await send(request);
          latencies.push(performance.now() - sent);
          if (failure !== null) failures.push(failure);
        }
      }),
    );
    return { latencies, seconds: (performance.now() - started) / 1000, failures };
  };
  void (async () => {
    const warmed = await closedLoop(job.warm);
    const measured = await closedLoop(job.requests);
    parentPort!.postMessage({ ...measured, failures: [...warmed.failures, ...measured.failures] });
  })().catch((error: unknown) => parentPort!.postMessage({ error: String(error) }));
}

/**
 * Sends the requests from a thread of their own, `inFlight` at once in a closed loop (each as its
 * predecessor's answer arrives), after the `warm` ones; answers each request's latency and the
 * wall time of the timed part. Fails when any answered with another status than it expects.
 */
export function fromAnotherThread(
  baseUrl: string,
  inFlight: number,
  requests: LoadRequest[],
  warm: LoadRequest[] = [],
): Promise<LoadResult> {
  const job: Job = { baseUrl, inFlight, warm, requests };
  const worker = new Worker(`(${loadGeneratorThread.toString()})()`, { eval: true, workerData: job });
  return new Promise<LoadResult>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (result: LoadResult & { failures?: string[]; error?: string }) => {
      void worker.terminate();
      if (result.error) reject(new Error(result.error));
      else if (result.failures!.length > 0)
        reject(new Error(`${result.failures!.length} failed, the first: ${result.failures![0]}`));
      else resolve({ latencies: result.latencies, seconds: result.seconds });
    });
  });
}
