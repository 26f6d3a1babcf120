import { describe, expect, it } from 'vitest';
import { TestbedError } from '../../testing/control.ts';

/** The mark that keeps instanceof across the CommonJS and ES copies (e2e: testing-library-commonjs). */
describe('TestbedError and instanceof', () => {
  it('when an object carries the mark another copy of the class set, then it is a TestbedError; an Error or a look-alike is not', () => {
    const fromOtherCopy = Object.create(Object.defineProperty({}, Symbol.for('fleet-testbed.TestbedError'), { value: true }));

    expect(fromOtherCopy instanceof TestbedError).toBe(true);
    expect(new TestbedError(404, { code: 'NOT_FOUND' }) instanceof TestbedError).toBe(true);
    expect(new Error('x') instanceof TestbedError).toBe(false);
    expect({ name: 'TestbedError', code: 'NOT_FOUND' } instanceof TestbedError).toBe(false);
    expect((null as unknown) instanceof TestbedError).toBe(false);
  });

  it('when a user subclasses it, then the subclass keeps the usual check: a plain TestbedError is no instance of it', () => {
    class RetryableError extends TestbedError {}

    expect(new RetryableError(503, { code: 'PLATFORM_UNAVAILABLE' }) instanceof RetryableError).toBe(true);
    expect(new RetryableError(503, { code: 'PLATFORM_UNAVAILABLE' }) instanceof TestbedError).toBe(true);
    expect(new TestbedError(404, { code: 'NOT_FOUND' }) instanceof RetryableError).toBe(false);
  });
});
