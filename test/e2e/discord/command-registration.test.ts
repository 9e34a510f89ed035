import { type Harness, startHarness } from '@guts/local-discord/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandBodies } from '../../../src/discord/command-registry.ts';

/** The bot's commands pass the local Discord's registration checks (packages/local-discord tests the checks). */
describe("the bot's command registration", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("takes the bot's own commands", async () => {
    const mine = await commandBodies();
    await expect(h.client.application?.commands.set(mine as never, h.guild.id)).resolves.toBeDefined();
  });
});
