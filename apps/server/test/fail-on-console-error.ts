import { afterEach, vi } from 'vitest';

// DESIGN.md: an unexpected console.error fails the test.
const spy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls;
  spy.mockClear();
  if (calls.length > 0) throw new Error(`console.error was called: ${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
});
