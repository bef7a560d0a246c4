/**
 * The pause of a background loop between rounds: it ends after `pollMs` (never, when undefined)
 * or as soon as `wake()` is called; a wake that comes before the pause begins skips it, so work
 * queued while a round ran is looked for at once.
 */
export class WakeablePause {
  private woken = false;
  private wakeSleeper: (() => void) | null = null;

  constructor(private readonly pollMs: number | undefined) {}

  wake(): void {
    this.woken = true;
    this.wakeSleeper?.();
  }

  wait(): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        if (timer) clearTimeout(timer);
        this.wakeSleeper = null;
        this.woken = false;
        resolve();
      };
      const timer = this.pollMs === undefined ? undefined : setTimeout(done, this.pollMs);
      this.wakeSleeper = done;
    });
  }
}
