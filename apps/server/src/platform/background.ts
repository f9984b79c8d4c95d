/**
 * Work that runs after its request has been answered (e.g. sending a reset code, so the answer's
 * timing says nothing). Failures are logged, never lost; shutdown and tests wait for `idle()`.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();
  /** Where failures go: the server's log once the app is built. */
  onError: (err: unknown, task: string) => void = () => {};

  run(task: string, work: () => Promise<unknown>): void {
    const job: Promise<void> = Promise.resolve()
      .then(work)
      .then(
        () => undefined,
        (err: unknown) => this.onError(err, task),
      )
      .finally(() => this.running.delete(job));
    this.running.add(job);
  }

  /** Resolves once every task started so far (and any they started) has finished. */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }
}
