import { readdirSync, readFileSync } from 'node:fs';

// Linux's clock ticks per second for /proc's CPU times (USER_HZ): 100 on every mainstream kernel,
// and Node offers no sysconf to ask.
const TICK_MS = 10;

/** CPU time (user + system) a /proc stat file reports, in ms; 0 for a process that has ended. */
function cpuMs(statFile: string): number {
  try {
    // The name in parentheses may hold spaces; utime and stime are the 12th and 13th fields after it.
    const fields = readFileSync(statFile, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU time (ms) a process has spent so far, all its threads together (V8's collector threads too). */
export const processCpuMs = (pid: number) => cpuMs(`/proc/${pid}/stat`);

const postgresProcesses = () =>
  readdirSync('/proc').filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      return readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('postgres');
    } catch {
      return false;
    }
  });

interface CpuTimes {
  // The server's main thread: its event loop, where a route's own work runs (autocannon has its own).
  server: number;
  // Every Postgres process on this machine (its backends answering the server's queries); null when
  // the database is not one (PGlite runs in the server's own thread).
  postgres: number | null;
}

/**
 * The CPU time spent so far, read from /proc, so a route's cost per request splits into the
 * server's and the database's: which one bounds it. Linux only; null elsewhere.
 */
export function cpuTimes({ postgres }: { postgres: boolean }): CpuTimes | null {
  const server = cpuMs(`/proc/self/task/${process.pid}/stat`);
  if (!server) return null;
  if (!postgres) return { server, postgres: null };
  return { server, postgres: postgresProcesses().reduce((sum, pid) => sum + cpuMs(`/proc/${pid}/stat`), 0) };
}
