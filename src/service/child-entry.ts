import { join } from 'node:path';
import { openAccessLog } from './access-log-file.ts';
import { startLocalService } from './index.ts';
import { CHILD_ENV, type ReadyLine } from '../domain/local-service-child.ts';

/**
 * Entry of the process that runs the local service for the app: data dir and key come by
 * environment (CHILD_ENV), one ready line goes to stdout (ReadyLine), the access log to a file in
 * the data dir. It closes on SIGTERM/SIGINT and when its stdin ends, so a parent that dies without
 * stopping it does not leave a service running.
 */

const dataDir = process.env[CHILD_ENV.dataDir];
const key = process.env[CHILD_ENV.apiKey];
if (!dataDir || !key) {
  process.stderr.write(`local service: ${CHILD_ENV.dataDir} and ${CHILD_ENV.apiKey} must be set\n`);
  process.exit(2);
}

const accessLog = openAccessLog(join(dataDir, 'access.log'), { mode: 0o600 });
// A start that fails (the certificate cannot be written: a full disk, a data dir that is not a
// folder) is said in one line: the parent shows the last line of stderr, which for an uncaught
// rejection was Node's own 'Node.js v24…', after the stack.
const service = await startLocalService({ dataDir, apiKeys: [{ key, team: 'local' }], accessLog: accessLog.write }).catch((error: unknown) => {
  process.stderr.write(`local service: could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

let closing = false;
async function close(): Promise<void> {
  if (closing) return;
  closing = true;
  await service.close();
  await accessLog.close();
  process.exit(0);
}
process.once('SIGTERM', () => void close());
process.once('SIGINT', () => void close());
process.stdin.on('end', () => void close());
process.stdin.on('error', () => void close());
process.stdin.resume();

const ready: ReadyLine = { baseUrl: service.baseUrl, caCertPath: service.caCertPath, notice: service.certificateNotice };
process.stdout.write(`${JSON.stringify(ready)}\n`);
