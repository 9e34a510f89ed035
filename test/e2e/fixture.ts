import { test as base } from 'vitest';
import { World, type WorldOptions } from './world.ts';

/** Worlds started for one test or one file, closed together when it ends, pass or fail. */
export class Worlds {
  private readonly started: World[] = [];

  async start(options: WorldOptions = {}): Promise<World> {
    const world = await World.start(options);
    this.started.push(world);
    return world;
  }

  async closeAll(): Promise<void> {
    // In turn, newest first: each world is its own local Discord, bot and database.
    for (let world = this.started.pop(); world; world = this.started.pop()) await world.close();
  }
}

/**
 * The end-to-end tests' lifecycle in one place:
 *
 * - `startWorld(options)` starts a world for this test alone; it closes when the test
 *   ends. For tests that each need their own Discord, bot and database.
 * - `worlds.start(options)`, from a `beforeAll`, starts a world the describe's tests
 *   share; it closes when the file ends.
 */
export type StartWorld = (options?: WorldOptions) => Promise<World>;

export const test = base
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern.
  .extend('worlds', { scope: 'file' }, async ({}, { onCleanup }) => {
    const worlds = new Worlds();
    onCleanup(() => worlds.closeAll());
    return worlds;
  })
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern.
  .extend('startWorld', async ({}, { onCleanup }) => {
    const worlds = new Worlds();
    onCleanup(() => worlds.closeAll());
    const startWorld: StartWorld = (options) => worlds.start(options);
    return startWorld;
  });
