import type { APIApplicationCommand } from 'discord-api-types/v10';
import { commandBodies } from 'guts/src/discord/command-registry.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { CommandLineError, commandLabel, parseCommandLine } from '../../../src/playground/command-line.ts';

describe('typed slash commands', () => {
  let commands: APIApplicationCommand[];
  const seats: Record<string, string> = { ann: '101', ben: '102' };
  const resolveUser = (text: string) => seats[text.replace(/^@/, '').toLowerCase()];
  const parse = (line: string) => parseCommandLine(line, commands, resolveUser);

  beforeAll(async () => {
    // The same bodies the bot registers; the parser reads only names, types and options.
    commands = (await commandBodies()) as unknown as APIApplicationCommand[];
  });

  it('reads the subcommand and typed options', () => {
    expect(parse('/guts start variant:iron-cross ante:10')).toEqual({
      name: 'guts',
      invocation: { subcommand: 'start', options: { variant: 'iron-cross', ante: 10 } },
    });
  });

  it('lets a value run to the next option, quoted or not, and takes a choice by its name', () => {
    const parsed = parse(
      '/guts start variant:Iron Cross options:"ties=no-split losers=worst-only" declare:in turn timer:45',
    );
    expect(parsed.invocation.options).toEqual({
      variant: 'Iron Cross', // an autocomplete field: the bot resolves what was typed
      options: 'ties=no-split losers=worst-only',
      declare: 'sequential',
      timer: 45,
    });
  });

  it("takes the names the app gave in the seat's language, and answers with Discord's", () => {
    const inGerman = (line: string) => parseCommandLine(line, commands, resolveUser, 'de');
    expect(inGerman('/guts starten variante:iron-cross obergrenze:40 ansage:alle gleichzeitig (verdeckt)')).toEqual({
      name: 'guts',
      invocation: { subcommand: 'start', options: { variant: 'iron-cross', cap: 40, declare: 'simultaneous' } },
    });
    expect(inGerman('/kassenbuch abrechnen')).toEqual({
      name: 'ledger',
      invocation: { subcommand: 'settle', options: {} },
    });
    expect(inGerman('/kassenbuch zurücksetzen bestätigen:true').invocation).toEqual({
      subcommand: 'reset',
      options: { confirm: true },
    });
    expect(inGerman('/guts vorlage löschen name:x').invocation).toEqual({
      subcommandGroup: 'preset',
      subcommand: 'delete',
      options: { name: 'x' },
    });
    // Discord's own names still work; another language's do not.
    expect(inGerman('/ledger settle').name).toBe('ledger');
    expect(() => parseCommandLine('/kassenbuch abrechnen', commands, resolveUser, 'fr')).toThrow(CommandLineError);
    // Refusals name things as the seat sees them.
    expect(() => inGerman('/guts beginnen')).toThrow(/pick one of: starten, stoppen/);
  });

  it("puts what is typed after the command into its first option, as Discord's client does", () => {
    expect(parse('/guts rules iron-cross').invocation).toEqual({
      subcommand: 'rules',
      options: { variant: 'iron-cross' },
    });
    expect(parse('/guts start iron-cross ante:10').invocation.options).toEqual({ variant: 'iron-cross', ante: 10 });
  });

  it('resolves users by seat name or @name, and reads booleans', () => {
    expect(parse('/ledger show user:@Ben').invocation.options).toEqual({ user: '102' });
    expect(parse('/ledger reset confirm:yes').invocation.options).toEqual({ confirm: true });
  });

  it.each([
    ['/nope', /no command \/nope/],
    ['/guts', /pick one of: start, stop/],
    ['/guts begin', /"begin" is not a subcommand/],
    ['/ledger show user', /user/],
    ['/guts start variant:iron-cross declare:whenever', /declare: must be one of/],
    ['/guts start variant:iron-cross ante:ten', /ante: takes a whole number/],
    ['/guts start variant:iron-cross ante:1 ante:2', /ante: is given twice/],
    ['/guts start fast variant:iron-cross', /"fast" is not an option/],
    ['/guts help now', /takes no options/],
    ['/ledger show user:Zed', /nobody called "Zed"/],
    ['/ledger reset confirm:maybe', /true or false/],
  ])('refuses %s', (line, message) => {
    expect(() => parse(line)).toThrow(CommandLineError);
    expect(() => parse(line)).toThrow(message);
  });

  it('names the command as the seat that typed it reads it ("Ben used /guts starten")', () => {
    const label = (line: string, locale: string) =>
      commandLabel(parseCommandLine(line, commands, resolveUser, locale), commands, locale);
    expect(label('/guts starten variante:three-card', 'de')).toBe('/guts starten');
    expect(label('/guts start variant:three-card', 'de')).toBe('/guts starten');
    expect(label('/guts start', 'en-US')).toBe('/guts start');
    expect(label('/ledger show', 'en-US')).toBe('/ledger show');
    expect(label('/guts preset save name:x', 'en-US')).toBe('/guts preset save');
  });
});
