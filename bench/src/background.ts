/**
 * The API's work off the request path, read from /proc: its threads running at a lowered priority and
 * its child processes (the network analysis after a write, api queries/network-analysis.service.ts;
 * the cards' drawing and shrinking, api share/card-drawer.ts and card-shrinker.ts). A row that times a kept
 * answer waits until that work has stopped (untilBackgroundIdle), so it measures the kept state, not
 * the recompute or the shrinking an earlier row's writes and draws left running.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { INSIGHTS_ROUTES } from '@friends/shared';
import type { RunningApi } from './server';
import { log, sleep } from './util';

/** /proc's clock tick. */
const TICK_MS = 10;
/** The background is idle once it has used at most one tick of CPU in this long. */
const QUIET_MS = 500;

function stat(path: string): { cpuMs: number; reapedMs: number; nice: number } | null {
  try {
    const text = readFileSync(path, 'utf8');
    // Fields after the command name (which may hold spaces): utime, stime, cutime, cstime are the 14th
    // to 17th, nice the 19th.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
      reapedMs: (Number(fields[13]) + Number(fields[14])) * TICK_MS,
      nice: Number(fields[16]),
    };
  } catch {
    return null; // ended meanwhile
  }
}

function read(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** CPU ms `pid` has used so far itself, all its threads (user + system); NaN once it has ended. */
export function ownCpuMs(pid: number): number {
  return stat(`/proc/${pid}/stat`)?.cpuMs ?? NaN;
}

/** The child processes of `pid` and theirs. */
export function descendants(pid: number): number[] {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tids.flatMap((tid) =>
    read(`/proc/${pid}/task/${tid}/children`)
      .split(' ')
      .filter(Boolean)
      .flatMap((child) => [Number(child), ...descendants(Number(child))]),
  );
}

/**
 * CPU ms used so far by the child processes of `pid` and theirs (the cards' processes, the network
 * analysis), ended ones included: a child's time moves to its parent's cutime and cstime once the parent
 * has waited for it (Node does as the child exits), so a row that a child ended in keeps its time.
 */
export function childrenCpuMs(pid: number): number {
  const reaped = () => stat(`/proc/${pid}/stat`)?.reapedMs ?? 0;
  for (;;) {
    const before = reaped();
    const live = descendants(pid).reduce((total, child) => {
      const own = stat(`/proc/${child}/stat`);
      return total + (own ? own.cpuMs + own.reapedMs : 0);
    }, 0);
    // A child waited for while the others were read would count twice, or not at all: read again.
    if (reaped() === before) return live + before;
  }
}

/**
 * CPU ms used so far by the API's lowered-priority threads and by its child processes (and theirs).
 * Lowered is below the main thread's own priority: a bench run under `nice` starts every thread of the
 * API niced, and then its request threads are not background work.
 */
export function backgroundCpuMs(pid: number): number {
  let niced = 0;
  try {
    const own = stat(`/proc/${pid}/stat`)?.nice ?? 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const thread = tid === String(pid) ? null : stat(`/proc/${pid}/task/${tid}/stat`);
      if (thread && thread.nice > own) niced += thread.cpuMs;
    }
  } catch {
    return 0;
  }
  return niced + childrenCpuMs(pid);
}

/**
 * Resolves once the API's background work has been idle for QUIET_MS and `ready` (when given) says so
 * too, or once `timeoutMs` has passed, with how long it waited in ms and whether it ended idle.
 */
export async function untilBackgroundIdle(
  pid: number,
  { ready, timeoutMs = 120_000 }: { ready?: () => Promise<boolean>; timeoutMs?: number } = {},
): Promise<{ waitedMs: number; idle: boolean }> {
  const started = performance.now();
  let before = backgroundCpuMs(pid);
  for (;;) {
    await sleep(QUIET_MS);
    const now = backgroundCpuMs(pid);
    if (now - before <= TICK_MS && (!ready || (await ready())))
      return { waitedMs: performance.now() - started - QUIET_MS, idle: true };
    if (performance.now() - started > timeoutMs)
      return { waitedMs: performance.now() - started, idle: false };
    before = now;
  }
}

/**
 * Waits for the API's background work to stop (untilBackgroundIdle), saying so when it had to wait. The
 * network analysis reruns, after a pause, for writes made while it ran, so an idle moment is not its
 * end: it has ended when the communities answer is kept again (the API sends it uncached, without
 * Answer-Computation, while the newest run does not match the data).
 */
export async function settled(api: RunningApi, before: string): Promise<void> {
  const analysisCurrent = async () => {
    const response = await fetch(api.url + INSIGHTS_ROUTES.communitiesSummary(8, 6));
    await response.arrayBuffer();
    return response.ok && response.headers.has('answer-computation');
  };
  const { waitedMs, idle } = await untilBackgroundIdle(api.pid, { ready: analysisCurrent });
  if (!idle)
    log(`  ${before}: the API's background work still running after ${Math.round(waitedMs / 1000)} s`);
  else if (waitedMs > 100)
    log(`  ${before}: waited ${Math.round(waitedMs)} ms for the API's background work`);
}
