import { writeSync } from 'node:fs';
import type { CommandIo } from './command.ts';

/**
 * Where the `swap-explorer` process writes, and what it does when it cannot.
 *
 * A short command (price, compare, explain, history) writes straight to file descriptors 1 and 2
 * with `fs.writeSync`, as `cat` does: making `process.stdout` loads Node's stream and pipe or tty
 * machinery, 3 ms of a `price` writing to a file and 6 ms writing to a pipe (issue 14), to write a
 * few lines once. A descriptor that another process left non-blocking answers EAGAIN when its pipe
 * is full: the rest then goes through Node's stream, which waits for the reader, and so does every
 * later write to it, so that the output keeps its order.
 *
 * `serve` runs until stopped and writes through Node's streams (asynchronous on pipes, POSIX), so
 * that a reader that stops reading its log never stalls the service.
 *
 * Either way, a reader that stops early (`| head`) closes the pipe: the process stops quietly with
 * 141 (128 + SIGPIPE), as POSIX tools do, rather than with a stack trace; any other failure to
 * write the output (a full disk) is one line on stderr and exit 1.
 */

type Fd = 1 | 2;

const streams = new Map<Fd, NodeJS.WriteStream>();

function stop(fd: Fd, error: NodeJS.ErrnoException): never {
  if (error.code !== 'EPIPE' && fd === 1) {
    try {
      writeSync(2, `swap-explorer: cannot write to standard output: ${error.message}\n`);
    } catch {
      // stderr is gone too: the exit code alone says it.
    }
  }
  process.exit(error.code === 'EPIPE' ? 141 : 1);
}

/** Node's stream for `fd`, made on first use, with the failure handling above. */
function streamOf(fd: Fd): NodeJS.WriteStream {
  let stream = streams.get(fd);
  if (!stream) {
    stream = fd === 1 ? process.stdout : process.stderr;
    stream.on('error', (error: NodeJS.ErrnoException) => stop(fd, error));
    streams.set(fd, stream);
  }
  return stream;
}

function writeDirect(fd: Fd, text: string): void {
  const known = streams.get(fd);
  if (known) {
    known.write(text);
    return;
  }
  const bytes = Buffer.from(text);
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') stop(fd, error as NodeJS.ErrnoException);
      streamOf(fd).write(bytes.subarray(offset));
      return;
    }
  }
}

/** The output of a short command: written before each call returns, but for a full non-blocking pipe (see above). */
export const directIo: CommandIo = {
  stdout: (text) => writeDirect(1, text),
  stderr: (text) => writeDirect(2, text),
};

/** The output of a long-running command: through Node's streams (see above). */
export const streamIo: CommandIo = {
  stdout: (text) => void streamOf(1).write(text),
  stderr: (text) => void streamOf(2).write(text),
};

/**
 * Where a command run as the process writes: Node's streams for a long-running one, and on Windows,
 * where a console shows what WriteFile sends in its legacy code page (the crossover arrow, "…")
 * and only the tty stream writes Unicode; directly otherwise.
 */
export function processIo(isLongRunning: boolean): CommandIo {
  return { ...(isLongRunning || process.platform === 'win32' ? streamIo : directIo), isProcessExitNext: true };
}

/** Resolves once what went through Node's streams has been handed to the system. */
export async function outputWritten(): Promise<void> {
  for (const stream of streams.values()) {
    // (A stream that fails instead exits through its error handler.)
    if (stream.writableLength > 0) await new Promise((resolve) => stream.once('drain', resolve));
  }
}
