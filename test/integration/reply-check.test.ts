// A wrong reply sequence is a failed run, never a fast one: another client increments the
// same counter while the lab runs, so the replies skip numbers and the final value is off.

import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { runScenario, startRuntime } from '../../lab/index.ts';
import { inlineScenario } from './support.ts';

describe('reply verification against a real server', () => {
  it('reports runs disturbed by a foreign INCR as failed, and the result as not passing', async () => {
    const runtime = await startRuntime('local');
    const intruder = new Redis({ host: runtime.redisDirect.host, port: runtime.redisDirect.port, password: runtime.redisDirect.password, lazyConnect: true });
    await intruder.connect();
    const timer = setInterval(() => void intruder.incr('shared:counter').catch(() => undefined), 100);
    try {
      const result = await runScenario(
        inlineScenario(`
name: disturbed
workload: { command: INCR, key: shared:counter, commands: 100 }
modes: [sync]
network: { rtt: [10ms] }
warmup: 0
repeat: 2
`),
        { runtime },
      );
      const [config] = result.configs;
      expect(config?.runs.map((r) => r.verified)).toEqual([false, false]);
      expect(config?.runs[0]?.failure).toMatch(/^op \d+ \(key shared:counter\): got \d+, expected \d+/);
      expect(config?.errors).toBe(2);
      expect(config?.medianMs).toBeNull();
      expect(config?.latencyUs).toBeNull();
      expect(result.pass).toBe(false);
    } finally {
      clearInterval(timer);
      intruder.disconnect();
      await runtime.stop();
    }
  });
});
