/** Discord's epoch (2015-01-01T00:00:00Z): snowflakes count milliseconds from it. */
export const DISCORD_EPOCH = 1_420_070_400_000n;

/**
 * Makes Discord-shaped snowflakes: 42 bits of milliseconds since the Discord epoch,
 * 5 bits worker, 5 bits process, 12 bits increment. Real-looking ids matter because
 * discord.js buckets rate limits by `\d{17,19}` major parameters and reads creation
 * times out of ids. Ids are strictly increasing even if the clock stalls.
 */
export class SnowflakeFactory {
  private lastMs = 0n;
  private increment = 0n;

  constructor(
    private readonly now: () => number,
    private readonly workerId = 1n,
    private readonly processId = 0n,
  ) {}

  next(): string {
    let ms = BigInt(this.now()) - DISCORD_EPOCH;
    if (ms <= this.lastMs) {
      ms = this.lastMs;
      this.increment += 1n;
      // 4096 ids in one millisecond: borrow the next millisecond rather than repeat an id.
      if (this.increment > 0xfffn) {
        ms += 1n;
        this.increment = 0n;
      }
    } else {
      this.increment = 0n;
    }
    this.lastMs = ms;
    return ((ms << 22n) | (this.workerId << 17n) | (this.processId << 12n) | this.increment).toString();
  }
}
