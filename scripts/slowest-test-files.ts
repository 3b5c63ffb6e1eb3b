import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 10;

/** A file's whole time: preparing it, its environment and setup files, importing it, and its tests and hooks. */
function secondsOf(testModule: TestModule): number {
  const { prepareDuration, environmentSetupDuration, setupDuration, collectDuration, duration } = testModule.diagnostic();
  return (prepareDuration + environmentSetupDuration + setupDuration + collectDuration + duration) / 1000;
}

/**
 * Ends every run with its ten slowest test files and their times, so that a file growing slower is seen the day
 * it does. The times overlap: two workers run files side by side.
 */
export class SlowestTestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const slowest = testModules
      .map((testModule) => ({ name: `${testModule.project.name}: ${testModule.relativeModuleId}`, seconds: secondsOf(testModule) }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SHOWN);
    if (slowest.length === 0) return;
    const lines = slowest.map(({ name, seconds }) => `${seconds.toFixed(1).padStart(7)} s  ${name}`);
    console.log(['', `The ${slowest.length} slowest test files:`, ...lines, ''].join('\n'));
  }
}
