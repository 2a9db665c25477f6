/**
 * Milliseconds on the system's monotonic clock, as `performance.now()` counts them but from
 * another origin: only differences mean anything.
 *
 * Not `performance.now()` in what a CLI command runs: Node loads perf_hooks and eight modules
 * behind it on the first touch of the `performance` global, about 2 ms of a command's start that
 * no request needs (issue 14). `process.hrtime` loads nothing.
 */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
