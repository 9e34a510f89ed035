import { describe, expect, it } from 'vitest';
import { seatName } from '../../../src/discord/views/format.ts';
import { lobbyView } from '../../../src/discord/views/lobby.ts';
import { standingsEmbed } from '../../../src/discord/views/standings.ts';
import { seatStatus } from '../../../src/discord/views/table-pieces.ts';
import { apply, createGame, publicView } from '../../../src/engine/index.ts';
import { ensureLanguages } from '../../../src/i18n/index.ts';

const json = (v: unknown) => JSON.parse(JSON.stringify(v));

describe('a computer player’s name in the reader’s language', () => {
  it('says its level in the table’s language in the lobby, on the table and in the standings', async () => {
    await ensureLanguages('de', 'ja');
    let s = createGame({ variant: 'three-card', options: {}, rng: [1, 2, 3, 4], host: 'u0' });
    s = apply(s, { type: 'join', playerId: 'u0', name: 'Ann' }).state;
    s = apply(s, { type: 'addComputer', by: 'u0', level: 'balanced' }).state;
    const ada = s.players.find((p) => p.name.startsWith('🤖'))!;
    expect(ada.name).toBe('🤖 Ada (balanced)');

    const lobby = json(lobbyView({ tableId: 1, dealNo: 0 }, publicView(s), 'de'));
    expect(JSON.stringify(lobby)).toContain('🤖 Ada (ausgewogen)');
    expect(JSON.stringify(lobby)).not.toContain('(balanced)');
    expect(seatStatus(publicView(s), ada.id, 'ja').who).toBe('**🤖 Ada (バランス型)**');
    const standings = standingsEmbed(
      { deals: 3, net: [{ playerId: ada.id, name: ada.name, chips: 12 }], pot: 0, reserve: 0 },
      undefined,
      'de',
    );
    expect(standings.data.description).toBe('**🤖 Ada (ausgewogen)** +12');
  });

  it('leaves a person’s name alone, even one that looks like a computer’s', async () => {
    await ensureLanguages('de', 'fr');
    expect(seatName('123', '🤖 Ada (balanced)', 'de')).toBe('🤖 Ada (balanced)');
    expect(seatName('cpu-bold-2', '🤖 Babbage 2 (bold)', 'fr')).toBe('🤖 Babbage 2 (audacieux)');
  });
});
