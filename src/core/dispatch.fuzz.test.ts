import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, CONTRACT, type ChannelName } from '../ipc/index.ts';
import { recordReliability } from '../test-support/reliability.ts';
import { dispatch, type Handlers } from './dispatch.ts';

// Issue 7, IPC fuzzing: every channel gets 1,000 malformed inputs and must answer INVALID_INPUT
// without calling its handler and without throwing.

const RUNS_PER_CHANNEL = 1_000;

function deeplyNested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { nested: value, list: [value] };
  return value;
}

// Wrong types, huge strings, prototype keys, NaN and infinities, deep nesting, and valid-looking
// objects with one field poisoned.
const malformed = fc.oneof(
  fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withNullPrototype: true, maxDepth: 4 }),
  fc.constantFrom(NaN, Infinity, -Infinity, -0, null, true, 0, '', [], () => 1),
  // Built by repetition: generating 100,000 random characters per run would dominate the test's time.
  fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.integer({ min: 100_000, max: 200_000 })).map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length))),
  fc.constant(JSON.parse('{"__proto__": {"polluted": true}, "profileId": {"__proto__": null}}')),
  fc.constant(JSON.parse('{"constructor": {"prototype": {"polluted": true}}}')),
  fc.integer({ min: 200, max: 2_000 }).map(deeplyNested),
  fc.record({ id: fc.constantFrom(NaN, -1, 1.5, '1'), profileId: fc.constantFrom(42, null, 'x'.repeat(100_000)), requestId: fc.constant({}), runId: fc.constant([]) }),
);

function recordingHandlers(calls: string[]): Handlers {
  return new Proxy({} as Handlers, {
    get: (_target, name: string) => async () => {
      calls.push(name);
      return null;
    },
  });
}

describe('IPC fuzzing', () => {
  it.for(CHANNEL_NAMES)('%s answers every malformed input with INVALID_INPUT and never calls its handler', async (name: ChannelName, { task }) => {
    const calls: string[] = [];
    const bugs: unknown[] = [];
    const answers = new Map<string, number>();
    const handlers = recordingHandlers(calls);
    const schema = CONTRACT[name].input;
    const record = () =>
      recordReliability(task, {
        area: 'ipc',
        done: `${RUNS_PER_CHANNEL.toLocaleString('en')} malformed inputs to ${name} (wrong types, huge strings, prototype keys, NaN, deep nesting, one poisoned field)`,
        must: 'answer INVALID_INPUT every time; never call the handler; log no bug',
        observed: `${[...answers].map(([code, count]) => `${count} ${code}`).join(', ') || 'no answer'}; ${calls.length} handler calls; ${bugs.length} bugs logged`,
      });
    try {
      await fc.assert(
        fc.asyncProperty(
          malformed.filter((input) => !schema.safeParse(input).success),
          async (input) => {
            const answer = await dispatch(handlers, name, input, (_channel, error) => bugs.push(error));
            const code = answer.ok ? 'ok' : answer.error.code;
            answers.set(code, (answers.get(code) ?? 0) + 1);
            expect(answer.ok).toBe(false);
            if (!answer.ok) {
              expect(answer.error.code).toBe('INVALID_INPUT');
              // The field and the reason, and a message that says them, never only "invalid input".
              const first = (answer.error.details as { field: unknown; reason: unknown }[] | undefined)?.[0];
              expect(first).toMatchObject({ field: expect.any(String), reason: expect.any(String) });
              expect(answer.error.message).toBe(`${first!.field as string} ${first!.reason as string}`);
              expect(answer.error.message).not.toContain('endpoint');
            }
          },
        ),
        { numRuns: RUNS_PER_CHANNEL },
      );
    } finally {
      // Also when a property fails: the report then shows what the inputs were answered with.
      record();
    }
    expect(calls).toEqual([]);
    expect(bugs).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses unknown and non-string channel names', async ({ task }) => {
    const calls: string[] = [];
    const channels = ['nope', '__proto__', 'constructor', 'toString', 42, null, { toString: () => 'app.info' }];
    const answers = await Promise.all(channels.map((channel) => dispatch(recordingHandlers(calls), channel, undefined, () => {})));
    recordReliability(task, {
      area: 'ipc',
      done: `${channels.length} channel names that are not channels: unknown, prototype keys, a number, null, an object posing as app.info`,
      must: 'answer INVALID_INPUT; never call a handler',
      observed: `${answers.map((answer) => (answer.ok ? 'ok' : answer.error.code)).join(', ')}; ${calls.length} handler calls`,
    });
    for (const answer of answers) expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(calls).toEqual([]);
  });
});
