import { DISCORD_EPOCH } from './snowflake.ts';

/**
 * Guild ids chosen to land on a given shard, so a test can place guilds on each of a
 * bot's shards. Discord puts a guild on shard `(guild_id >> 22) % shard_count`: the
 * id's millisecond timestamp decides, so each id takes the next millisecond on the
 * wanted shard. The process bits are 31, which the store's own ids never use, so the
 * two never collide.
 */
export class ShardedGuildIds {
  private lastMs = -1n;

  constructor(private readonly now: () => number) {}

  next(shard: number, shardCount: number): string {
    if (!(Number.isInteger(shard) && Number.isInteger(shardCount) && shard >= 0 && shard < shardCount)) {
      throw new RangeError(`shard ${shard} is not one of ${shardCount}`);
    }
    const count = BigInt(shardCount);
    let ms = BigInt(this.now()) - DISCORD_EPOCH;
    if (ms <= this.lastMs) ms = this.lastMs + 1n;
    ms += (BigInt(shard) - (ms % count) + count) % count;
    this.lastMs = ms;
    return ((ms << 22n) | (1n << 17n) | (31n << 12n)).toString();
  }
}
