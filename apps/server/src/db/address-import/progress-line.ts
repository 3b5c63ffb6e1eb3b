import type { ImportProgress } from './import-release';

const BAR_WIDTH = 24;
/** A terminal is redrawn often; a log file gets a line now and then. */
const TERMINAL_REDRAW_MS = 250;
const LOG_LINE_MS = 10_000;

function count(value: number): string {
  return Math.round(value).toLocaleString('en-AU');
}

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '…';
  const whole = Math.ceil(seconds);
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min ${whole % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** "[#########---------------]  38 %  NSW_ADDRESS_DETAIL_psv.psv  1,234,567 addresses  41,230 lines/s  ETA 4 min 12 s" */
export function describeProgress(progress: ImportProgress, seconds: number): string {
  const work = progress.bytesRead + progress.bytesLeft;
  const share = work === 0 ? 1 : progress.bytesRead / work;
  const filled = Math.round(share * BAR_WIDTH);
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
  const bytesPerSecond = seconds > 0 ? progress.bytesRead / seconds : 0;
  const eta = bytesPerSecond > 0 ? progress.bytesLeft / bytesPerSecond : Number.POSITIVE_INFINITY;
  return [
    bar,
    `${String(Math.floor(share * 100)).padStart(3)} %`,
    progress.file,
    `${count(progress.imported)} addresses`,
    `${count(seconds > 0 ? progress.lines / seconds : 0)} lines/s`,
    `ETA ${duration(eta)}`,
  ].join('  ');
}

/** The import's progress on stderr: one line redrawn on a terminal, a line every few seconds otherwise. */
export function createProgressLine(stream: NodeJS.WriteStream, now: () => number = () => performance.now()) {
  const startedAt = now();
  const interactive = stream.isTTY === true;
  let drawnAt = Number.NEGATIVE_INFINITY;
  let drawn = false;
  const clear = () => {
    if (interactive && drawn) stream.write('\r\x1b[K');
  };
  return {
    update(progress: ImportProgress) {
      const at = now();
      if (at - drawnAt < (interactive ? TERMINAL_REDRAW_MS : LOG_LINE_MS)) return;
      drawnAt = at;
      const line = describeProgress(progress, (at - startedAt) / 1000);
      stream.write(interactive ? `\r${line}\x1b[K` : `${line}\n`);
      drawn = true;
    },
    /** A message between progress lines. */
    log(line: string) {
      clear();
      stream.write(`${line}\n`);
      drawnAt = Number.NEGATIVE_INFINITY;
    },
    finish() {
      if (interactive && drawn) stream.write('\n');
      drawn = false;
    },
  };
}
