/** A one-line progress bar on a terminal stream; silent when the stream is not a TTY. */
export function createProgress(
  stream: NodeJS.WritableStream,
  total: number,
  label: string,
): { tick(): void; done(): void } {
  const tty = (stream as NodeJS.WriteStream).isTTY === true;
  let done = 0;
  const width = 30;
  const draw = (): void => {
    if (!tty || total === 0) return;
    const filled = Math.round((done / total) * width);
    stream.write(`\r${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`);
  };
  draw();
  return {
    tick() {
      done += 1;
      draw();
    },
    done() {
      if (tty && total > 0) stream.write('\n');
    },
  };
}
