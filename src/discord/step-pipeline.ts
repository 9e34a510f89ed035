import {
  type ChatInputCommandInteraction,
  type MessageComponentInteraction,
  MessageFlags,
  type ModalSubmitInteraction,
} from 'discord.js';
import { t } from '../i18n/index.ts';
import type { Logger } from '../log.ts';
import { ackIfSlow, answerStep } from '../table/acknowledge.ts';
import type { Commit, CommitAndPublish, Committed } from '../table/commit-and-publish.ts';
import type { CheckedPress } from '../table/presses.ts';
import type { StepResult } from '../table/steps.ts';
import type { HeldTable, Tables } from '../table/tables.ts';
import type { InteractionAnswers } from './interaction-answers.ts';
import type { PrivateAnswer } from './private-card-sender.ts';
import type { TablePublisher } from './publisher.ts';
import type { ReplyTokens } from './tokens.ts';
import { confirmation } from './views/answers.ts';
import { underCards } from './views/cards.ts';
import type { rulesMenu } from './views/rules-form.ts';

/**
 * The chat's answerer: every game step a player asks for in the chat runs here, in one
 * order (docs/ARCHITECTURE.md: The path of one button press). The handler has parsed the
 * press or command into an action and how to answer it (a `PressPlan`, `OpenPlan` or
 * `FormPlan`), checked by the table layer with its dry run; this acknowledges when the
 * step will be slow and hands the commit to the table layer's one way through
 * (`CommitAndPublish.run`) with its answer to the presser: the table layer commits,
 * lets this answer, then publishes the step to the channel, so control goes
 * discord → table → discord once per step.
 */

/**
 * How a press is answered: a private line ('line'); nothing visible ('quiet': the table
 * message and the player's private message show it); the private message the picker is
 * on, redrawn ('menu'); or a choice (Stay, Drop, Take), answered as its player's
 * private message stands (see `StepPipeline.styleOf`).
 */
export type PressAnswer = 'line' | 'quiet' | 'menu' | 'choice';

/** What a press handler asks of the pipeline: the press the table layer checked (table/presses.ts), and how to answer it. */
export interface PressPlan extends CheckedPress {
  kind: 'press';
  answer: PressAnswer;
}

/**
 * What a form (the rules' pages) asks of the pipeline: its answer is its menu, drawn from the step.
 * Its press (`table/presses.ts`'s `checkOptions`) has a null action when the form changed no rule:
 * its menu is answered as it is, with no step.
 */
export interface FormPlan extends CheckedPress {
  kind: 'form';
  /**
   * The table's new language, when the form changed it: not a rule of the game, so no
   * step; the table keeps it with its notes and its messages are drawn again.
   */
  language?: string;
  view(result: StepResult | null): ReturnType<typeof rulesMenu>;
}

/** A press that opens a game (Play again): run as a slash command's step is (`StepPipeline.command`). */
export interface OpenPlan {
  kind: 'open';
  commit(): Promise<{ table: HeldTable; step: StepResult }>;
  answer(committed: { table: HeldTable }): Promise<void>;
}

/** **My cards** (handlers/my-cards.ts): the presser's own cards, privately, with no step. */
export interface CardsPlan {
  kind: 'cards';
  /** The table the press was checked against (`Tables.pressTarget`), with the player in its deal. */
  table: HeldTable;
  playerId: string;
}

/** What a button or menu's handler asks of the pipeline (a modal's asks a `FormPlan`). */
export type ComponentPlan = PressPlan | OpenPlan | CardsPlan;

/**
 * How an answer looks once resolved against the player's private message ('cards': a
 * new one; 'show': a new one instead of the choice, whose player has not seen their cards).
 */
type AnswerStyle = Exclude<PressAnswer, 'choice'> | 'cards' | 'show';

export interface StepPipelineDeps {
  tables: Pick<Tables, 'setLanguage'>;
  /** Committing, answering and publishing, the same for every surface (table/commit-and-publish.ts). */
  commits: Pick<CommitAndPublish, 'run' | 'press' | 'inFlight'>;
  publisher: Pick<
    TablePublisher,
    'hasLivePrivateMessage' | 'hasSeenCards' | 'answerPrivately' | 'pressedOn' | 'redraw'
  >;
  tokens: Pick<ReplyTokens, 'remember'>;
  /** How a press is answered (interaction-answers.ts: its callback over the token's own caller). */
  answers: InteractionAnswers;
  log: Logger;
}

/** What one step does at each point of the step order (`StepPipeline.step`). */
interface StepOrder<T> {
  defer(): Promise<unknown>;
  commit: Commit;
  prepare(result: StepResult | null): Promise<T>;
  answer(prepared: T, deferred: boolean): Promise<void>;
  /** Answering failed (after the step committed, or not). */
  failed?(): void;
  log: Logger;
}

export class StepPipeline {
  /** Steps under way: committed perhaps, and published only once their interaction is answered. */
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly deps: StepPipelineDeps) {}

  /** Runs a button or menu handler's plan for its interaction. */
  run(interaction: MessageComponentInteraction, plan: ComponentPlan, log?: Logger): Promise<void> {
    switch (plan.kind) {
      case 'press':
        return this.press(interaction, plan, log);
      case 'open':
        return this.command(interaction, plan.commit, plan.answer);
      case 'cards':
        return this.cards(interaction, plan);
      default:
        return plan satisfies never;
    }
  }

  /**
   * Every step begun is published (handed to the listener), however long its answer took:
   * a step is in the database before it is published, so waiting on the tables and the
   * publisher alone can miss one whose interaction is still being answered.
   */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** `work`, counted as running until it settles. */
  private track(work: Promise<void>): Promise<void> {
    this.running.add(work);
    const done = () => void this.running.delete(work);
    work.then(done, done);
    return work;
  }

  /**
   * A slash command's step (`/guts start`, `/guts stop`, and Play again's press): acknowledged first (opening a
   * table takes a few writes, stopping may queue behind presses), committed, answered
   * by `answer`, then published.
   */
  command<C extends Committed>(
    interaction: ChatInputCommandInteraction | MessageComponentInteraction,
    commit: () => Promise<C>,
    answer: (committed: C) => Promise<void>,
  ): Promise<void> {
    return this.track(this.commandNow(interaction, commit, answer));
  }

  private async commandNow<C extends Committed>(
    interaction: ChatInputCommandInteraction | MessageComponentInteraction,
    commit: () => Promise<C>,
    answer: (committed: C) => Promise<void>,
  ): Promise<void> {
    await interaction.deferReply();
    await this.deps.commits.run(commit, async (committed) => answer(await committed));
  }

  private async press(interaction: MessageComponentInteraction, plan: PressPlan, log?: Logger): Promise<void> {
    const { table, action, member } = plan;
    const { answers } = this.deps;
    const style = this.styleOf(plan.answer, table, member.id, interaction);
    // A choice pressed on the player's own cards: its answer redraws them.
    const onCards = style === 'menu' && plan.answer === 'choice';
    const newCards = style === 'cards' || style === 'show';
    let privately: PrivateAnswer | null = null;
    await this.step({
      defer: () =>
        style === 'line' || newCards ? answers.deferEphemeralReply(interaction) : answers.deferUpdate(interaction),
      // A choice from someone who never saw their cards shows them instead of counting.
      commit: style === 'show' ? async () => ({ step: null }) : this.deps.commits.press(plan, interaction.id),
      // Where the answer is the player's private message, it is drawn (picture, odds) within the ack budget.
      prepare: async (result) => {
        if (!newCards && style !== 'menu') return { result, cards: null };
        privately = this.deps.publisher.answerPrivately(table, member.id, result, { claim: onCards });
        return { result, cards: await privately.cards };
      },
      answer: async ({ result, cards }, deferred) => {
        const handle = this.deps.tokens.remember(table.record.id, member.id, interaction);
        if (cards) {
          const payload = { ...cards, attachments: [] };
          if (style === 'menu' && !deferred) await answers.updatePressed(interaction, payload);
          else if (deferred) await handle.editReply(payload);
          else await answers.replyEphemeral(interaction, cards);
          // The menu's message, or this new answer, is the player's private message of the deal now.
          privately?.sent(handle);
        } else if (style === 'quiet') {
          if (!deferred) await answers.deferUpdate(interaction);
          this.deps.publisher.pressedOn(table.record.id, interaction.message.id, handle);
        } else {
          // A private line, in the presser's own language; a choice that ended the deal
          // (the reveal) has no private message left to show, and says so this way too.
          const line =
            result && action
              ? confirmation(action, result, interaction.locale)
              : t(interaction.locale, 'answer.already');
          // A choice pressed beside the cards keeps them there, with the answer under them.
          const content = onCards ? underCards(interaction.message.content, line) : line;
          if (style === 'menu' && !deferred) await answers.updatePressed(interaction, { content, components: [] });
          else if (deferred) await handle.editReply({ content, components: [] });
          else await answers.replyEphemeral(interaction, { content: line });
        }
      },
      failed: () => privately?.failed(),
      log: log ?? this.deps.log,
    });
  }

  /**
   * My cards: the player's cards as the table stands (between deals, the last deal's),
   * privately; the answer becomes their private message of the deal. Not a step.
   */
  private async cards(interaction: MessageComponentInteraction, { table, playerId }: CardsPlan): Promise<void> {
    const privately = this.deps.publisher.answerPrivately(table, playerId, null, { claim: false, afterDeal: true });
    if (!privately.cards) return;
    const answer = await ackIfSlow(privately.cards, () => interaction.deferReply({ flags: MessageFlags.Ephemeral }));
    const payload = await answer.work;
    if (answer.deferred) await interaction.editReply(payload);
    else await interaction.reply({ ...payload, flags: MessageFlags.Ephemeral });
    privately.sent(this.deps.tokens.remember(table.record.id, playerId, interaction));
  }

  /** Runs a modal handler's plan (the rules' form): its answer is the menu it was opened from. */
  async form(interaction: ModalSubmitInteraction, plan: FormPlan, log?: Logger): Promise<void> {
    const { table, language } = plan;
    const tableId = table.record.id;
    await this.step({
      defer: () =>
        interaction.isFromMessage()
          ? interaction.deferUpdate()
          : interaction.deferReply({ flags: MessageFlags.Ephemeral }),
      commit: async () => {
        if (language) {
          await this.deps.tables.setLanguage(tableId, language);
          this.deps.publisher.redraw(tableId);
        }
        return this.deps.commits.press(plan, interaction.id)();
      },
      prepare: async (result) => plan.view(result),
      // The menu the form was opened from, brought up to date (or a private one if it is gone).
      answer: async (view, deferred) => {
        if (deferred) await interaction.editReply(view);
        else if (interaction.isFromMessage()) await interaction.update(view);
        else await interaction.reply({ ...view, flags: MessageFlags.Ephemeral });
      },
      log: log ?? this.deps.log,
    });
  }

  /**
   * The one order of a step (table/acknowledge.ts's `answerStep`): acknowledge first when
   * the database is busy, commit, prepare the answer (acknowledging if that takes longer
   * than the budget), answer, publish. A commit that fails publishes nothing; its error reaches the router,
   * which logs it and answers the presser.
   */
  private step<T>(o: StepOrder<T>): Promise<void> {
    return this.track(this.stepNow(o));
  }

  private async stepNow<T>(o: StepOrder<T>): Promise<void> {
    await answerStep(
      this.deps.commits,
      o.commit,
      {
        ack: o.defer,
        prepare: (committed) => committed.then(({ step }) => o.prepare(step)),
        answer: o.answer,
        ...(o.failed ? { failed: o.failed } : {}),
      },
      { log: o.log },
    );
  }

  /**
   * How a press is answered. A choice (Stay, Drop, Take) adds no message: the player's
   * private message of the deal shows it, redrawn by the press itself when pressed there,
   * else edited in place, unless they have none that can still be edited; then the answer
   * is that message, new. Nobody chooses blind: pressed on the table card by a player
   * the deal's cards never reached, the choice is not made, and the answer is their
   * cards, with the same choice on them.
   */
  private styleOf(
    answer: PressAnswer,
    table: HeldTable,
    playerId: string,
    interaction: MessageComponentInteraction,
  ): AnswerStyle {
    if (answer !== 'choice') return answer;
    // Pressed on the player's own cards (the only ephemeral message with these buttons): redrawn in place.
    if (interaction.message.flags.has(MessageFlags.Ephemeral)) return 'menu';
    if (this.deps.publisher.hasLivePrivateMessage(table, playerId)) return 'quiet';
    return this.deps.publisher.hasSeenCards(table, playerId) ? 'cards' : 'show';
  }
}
