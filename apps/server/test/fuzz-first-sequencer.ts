import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (failed, then longest first when its cache knows the durations; largest files first
 * on a fresh clone), with the fuzz files moved ahead: they are the server suite's longest files by
 * far (minutes each, rendering and answering thousands of requests) but small, so on a fresh clone
 * they ran last, one worker busy with the last of them while the other sat idle.
 */
export class FuzzFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const fuzz = (f: TestSpecification) => f.moduleId.includes('/test/fuzz/');
    return [...sorted.filter(fuzz), ...sorted.filter((f) => !fuzz(f))];
  }
}
