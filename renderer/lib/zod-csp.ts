import { z } from 'zod';

/**
 * Zod probes `new Function` when its first object schema is built, and the CSP (no unsafe-eval)
 * reports that probe as a violation even though zod catches it. Jitless mode skips the probe. It
 * must run before any schema module is evaluated: imported first by the compare state, and best
 * set once at the top of renderer/main.ts for every view.
 */
z.config({ jitless: true });
