import { EventEmitter } from 'node:events';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { utilityProcess } from 'electron';
import { createChildProcessHost, type LocalServiceHost } from '../src/core/local-service/index.ts';

/**
 * Runs the local service in Electron's utilityProcess (a Node process Electron manages; the app
 * binary cannot be used as plain Node once the RunAsNode fuse is off). The engine's host logic is
 * reused: only the spawn differs, adapted here to the ChildProcess shape it reads (stdout, stderr,
 * exit, kill).
 */

/** Adapts a UtilityProcess to the parts of ChildProcess the host uses. */
function asChildProcess(entry: string, env: Record<string, string>): ChildProcess {
  const child = utilityProcess.fork(entry, [], { env: { ...process.env, ...env }, stdio: 'pipe', serviceName: 'Swap Explorer local service' });
  const adapter = new EventEmitter() as EventEmitter & { stdout: unknown; stderr: unknown; stdin: null; pid: number | undefined; exitCode: number | null; signalCode: null; kill: () => boolean };
  Object.assign(adapter, { stdout: child.stdout, stderr: child.stderr, stdin: null, pid: undefined, exitCode: null, signalCode: null });
  adapter.kill = () => child.kill();
  child.once('spawn', () => (adapter.pid = child.pid));
  child.once('exit', (code) => {
    adapter.exitCode = code;
    adapter.emit('exit', code, null);
  });
  return adapter as unknown as ChildProcess;
}

/** The app's local-service host: out/main/local-service.js in a utilityProcess. */
export function createUtilityProcessHost(dataDir: string, mainDir: string): LocalServiceHost {
  const entry = join(mainDir, 'local-service.js');
  return createChildProcessHost({ dataDir, spawnEntry: (env) => asChildProcess(entry, env) });
}
