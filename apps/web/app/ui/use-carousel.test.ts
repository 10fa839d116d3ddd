import { describe, expect, it } from 'vitest';
import { startInTurn } from './use-carousel';

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

describe('startInTurn', () => {
  it('starts one carousel per task, in the order they asked, and never one withdrawn', async () => {
    const started: string[] = [];
    startInTurn(() => started.push('banners'));
    const withdraw = startInTurn(() => started.push('gone'));
    startInTurn(() => started.push('categories'));
    withdraw();
    expect(started).toEqual([]);
    await nextTask();
    expect(started).toEqual(['banners']);
    await nextTask();
    expect(started).toEqual(['banners', 'categories']);
    await nextTask();
    expect(started).toEqual(['banners', 'categories']);
  });
});
