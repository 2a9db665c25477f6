'use strict';
// Stand-in for `got` inside electronegativity (see build/security/electronegativity.ts). It fetches
// translations at start-up; offline, got 11 retries after its own timeout has settled the promise
// and throws from a timer (p-cancelable), killing the scan at a random point. Rejecting at once takes
// electronegativity's own fallback path ("Could not retrieve updated translations").
function offline() {
  return Promise.reject(new Error('offline: the security gate makes no network requests'));
}
offline.head = offline;
offline.get = offline;
module.exports = offline;
