/**
 * The access log's line, made per request on the service's hot path: written out rather than
 * built as an object and stringified, and its time formatted once per millisecond.
 */

/**
 * One access-log line: the JSON.stringify of {time, zid, method, path, status, ms, pid?}, written
 * out field by field (stringifying an object per request was about 2% of the server's time in the
 * throughput bench; issue 14). Strings still go through JSON.stringify: the path is the client's.
 */
export function accessLine(time: string, zid: string, method: string | undefined, path: string, status: number, ms: number, pid: number | undefined): string {
  const methodJson = method === undefined ? '' : `"method":${JSON.stringify(method)},`;
  return `{"time":"${time}","zid":${JSON.stringify(zid)},${methodJson}"path":${JSON.stringify(path)},"status":${status},"ms":${ms}${pid === undefined ? '' : `,"pid":${pid}`}}`;
}

/**
 * The access log's time, formatted once per millisecond: under load several lines share one, and a
 * Date and its ISO text were about 2.5% of the server's time in the throughput bench (issue 14).
 */
export function isoTimeOnce(): (ms: number) => string {
  let lastMs = Number.NaN;
  let lastText = '';
  return (ms) => {
    if (ms !== lastMs) {
      lastMs = ms;
      lastText = new Date(ms).toISOString();
    }
    return lastText;
  };
}
