import type { RuleFieldFrame, RulesFrame, RuleValue, TableFrame } from '../frames.ts';
import { el, say, type Ui } from './dom.ts';

/**
 * The host's Rules on the page, as the chat's Rules form offers them: in the lobby (Save
 * changes the table's rules, one `rules` press the server checks as the chat's form),
 * and at game over (the next game's rules, sent with Play again). Real form controls,
 * each with its label and a line on what it does: a number field with the option's
 * bounds, a list of a choice's values, a tick box for an on/off rule. The browser checks
 * the bounds before anything is sent; the server checks everything again.
 *
 * The page redraws on every frame: what the host typed is kept here (by field, as typed)
 * until the table's rules change, and the panel is drawn again from it.
 */

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];
/** The most chips an amount may be (the rule book's MAX_CHIPS), and the most percent. */
const MAX_CHIPS = 1_000_000_000;
const MATCH_KINDS = [
  ['pot', 'form.matchPot'],
  ['burn', 'form.matchBurn'],
  ['percent', 'form.matchPercent'],
] as const;

export class RulesPanel {
  private open = false;
  /** Which panel the host has open (the table and what it is for): another resets it. */
  private panelOf = '';
  /** The table's rules the drafts were typed over: when they change (a save, or the chat's form), the drafts go. */
  private valuesOf = '';
  /** What the host typed, by control, as typed. */
  private readonly drafts = new Map<string, string>();
  /** How far the host scrolled the panel: a frame that draws it again keeps the place. */
  private scrolled = 0;

  constructor(
    private readonly ui: Ui,
    private readonly send: (press: 'rules' | 'again', options: Record<string, RuleValue>) => boolean,
  ) {}

  /** Draws the Rules toggle into the table's actions, and the panel over the table while it is open. */
  mount(root: HTMLElement, t: TableFrame | null): void {
    const rules = t?.rules ?? null;
    if (!t || !rules) {
      this.open = false;
      this.panelOf = '';
      return;
    }
    const panelOf = `${t.tableId}:${rules.for}`;
    const valuesOf = JSON.stringify(rules.fields.map((f) => f.value));
    if (panelOf !== this.panelOf) Object.assign(this, { open: false, scrolled: 0 });
    if (panelOf !== this.panelOf || valuesOf !== this.valuesOf) this.drafts.clear();
    this.panelOf = panelOf;
    this.valuesOf = valuesOf;
    const toggle = el(
      'button',
      { type: 'button', class: 'rules-toggle', 'data-key': 'rules-toggle', 'aria-expanded': String(this.open) },
      say(this.ui, 'button.rules'),
    );
    toggle.addEventListener('click', () => this.show(!this.open));
    const actions = root.querySelector('.actions');
    // Beside the host's other choices, before Leave.
    actions?.insertBefore(toggle, actions.querySelector('.leave'));
    if (!this.open) return;
    const panel = this.panel(rules);
    root.append(panel);
    const form = panel.querySelector('form');
    if (form) form.scrollTop = this.scrolled;
  }

  /** The host's changes: each field whose value differs from the table's (null where one does not read). */
  private changes(form: HTMLFormElement, rules: RulesFrame): Record<string, RuleValue> {
    const changed: Record<string, RuleValue> = {};
    for (const f of rules.fields) {
      const value = readField(form, f);
      if (JSON.stringify(value) !== JSON.stringify(f.value)) changed[f.name] = value;
    }
    return changed;
  }

  private show(open: boolean): void {
    this.open = open;
    this.ui.redraw();
    if (open) document.querySelector<HTMLElement>('.rules-panel input, .rules-panel select')?.focus();
    else document.querySelector<HTMLElement>('[data-key="rules-toggle"]')?.focus();
  }

  private panel(rules: RulesFrame): HTMLElement {
    const title = say(this.ui, rules.for === 'lobby' ? 'button.rules' : 'activity.nextRules');
    const form = el('form', { class: 'rules-form', novalidate: '' });
    const groups = new Map<string, HTMLFieldSetElement>();
    for (const f of rules.fields) {
      let set = groups.get(f.group);
      if (!set) {
        set = el('fieldset', {}, el('legend', {}, f.group));
        groups.set(f.group, set);
        form.append(set);
      }
      set.append(this.control(f));
    }
    const primary = el(
      'button',
      { type: 'submit', class: 'primary', 'data-key': 'rules-submit' },
      say(this.ui, rules.for === 'lobby' ? 'activity.saveRules' : 'button.playAgain'),
    );
    const close = el('button', { type: 'button', 'data-key': 'rules-close' }, say(this.ui, 'activity.closeRules'));
    close.addEventListener('click', () => this.show(false));
    form.append(el('div', { class: 'rules-actions' }, close, primary));
    form.addEventListener('scroll', () => {
      this.scrolled = form.scrollTop;
    });
    form.addEventListener('input', (e) => this.typed(e.target));
    form.addEventListener('change', (e) => this.typed(e.target));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      if (!form.reportValidity()) return;
      const options = this.changes(form, rules);
      if (rules.for === 'lobby' && !Object.keys(options).length) {
        this.show(false);
        return;
      }
      if (this.send(rules.for === 'lobby' ? 'rules' : 'again', options)) this.show(false);
    });
    return el(
      'section',
      { class: 'rules-panel', id: 'rules-panel', role: 'region', 'aria-label': title },
      el('h2', {}, title),
      form,
    );
  }

  /** Keeps what the host typed into a control, and keeps a match's amount in step with its kind. */
  private typed(target: EventTarget | null): void {
    if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement)) return;
    this.drafts.set(
      target.name,
      target instanceof HTMLInputElement && target.type === 'checkbox' ? String(target.checked) : target.value,
    );
    if (target.dataset.match !== undefined) matchAmount(target.form, target.value);
  }

  /** A control's text: as the host typed it, else the table's value. */
  private text(name: string, value: string): string {
    return this.drafts.get(name) ?? value;
  }

  private control(f: RuleFieldFrame): HTMLElement {
    const id = `rule-${f.name}`;
    const about = el('span', { class: 'about', id: `${id}-about` }, f.about);
    const described = { id, name: f.name, 'aria-describedby': `${id}-about`, 'data-key': id };
    if (f.kind === 'boolean') {
      const box = el('input', { ...described, type: 'checkbox' });
      box.checked = this.text(f.name, String(f.value === true)) === 'true';
      return el('div', { class: 'rule switch' }, box, el('label', { for: id }, f.label), about);
    }
    const label = el('label', { for: id }, f.label);
    if (f.kind === 'integer') {
      const input = el('input', {
        ...described,
        type: 'number',
        inputmode: 'numeric',
        step: '1',
        min: String(f.min ?? 0),
        max: String(f.max ?? MAX_CHIPS),
        ...(f.nullable ? { placeholder: say(this.ui, 'value.none') } : { required: '' }),
      });
      input.value = this.text(f.name, f.value === null ? '' : String(f.value));
      return el('div', { class: 'rule' }, label, input, about);
    }
    if (f.kind === 'choice' || f.kind === 'rank') {
      const options =
        f.kind === 'choice'
          ? f.choices.map((c) => [c.value, c.label] as const)
          : [['', say(this.ui, 'value.none')] as const, ...RANKS.map((r) => [r, r === 'T' ? '10' : r] as const)];
      const select = el('select', described, ...options.map(([value, text]) => el('option', { value }, text)));
      select.value = this.text(f.name, f.value === null ? '' : String(f.value));
      return el('div', { class: 'rule' }, label, select, about);
    }
    // The match rule: what a loser pays, and the amount or percent beside it.
    const match = (f.value ?? { kind: 'pot' }) as { kind: string; amount?: number; percent?: number };
    const kind = el(
      'select',
      { ...described, 'data-match': '' },
      ...MATCH_KINDS.map(([value, key]) => el('option', { value }, say(this.ui, key))),
    );
    kind.value = this.text(f.name, match.kind);
    const amountId = `${id}-amount`;
    const amount = el('input', {
      id: amountId,
      name: `${f.name}.amount`,
      'data-key': amountId,
      type: 'number',
      inputmode: 'numeric',
      step: '1',
      min: '1',
    });
    amount.value = this.text(`${f.name}.amount`, String(match.amount ?? match.percent ?? ''));
    const box = el(
      'div',
      { class: 'rule match' },
      label,
      kind,
      el('label', { for: amountId, class: 'amount-label' }, say(this.ui, 'form.amountLabel')),
      amount,
      about,
    );
    matchAmount(null, kind.value, amount);
    return box;
  }
}

/** A match rule's amount: none for the pot, chips for a burn, a percent up to 100. */
function matchAmount(form: HTMLFormElement | null, kind: string, input?: HTMLInputElement): void {
  const amount = input ?? form?.querySelector<HTMLInputElement>('input[name="match.amount"]');
  if (!amount) return;
  amount.disabled = kind === 'pot';
  amount.required = kind !== 'pot';
  // Matching the pot takes no amount: its field is not shown.
  const rule = amount.closest<HTMLElement>('.rule');
  if (rule) rule.dataset.kind = kind;
  amount.max = String(kind === 'percent' ? 100 : MAX_CHIPS);
}

/** A field's value as the form holds it, in the rule book's types. */
function readField(form: HTMLFormElement, f: RuleFieldFrame): RuleValue {
  const control = form.elements.namedItem(f.name) as HTMLInputElement | HTMLSelectElement | null;
  if (!control) return f.value;
  if (f.kind === 'boolean') return (control as HTMLInputElement).checked;
  if (f.kind === 'integer') return control.value === '' ? null : Number(control.value);
  if (f.kind === 'rank') return control.value === '' ? null : control.value;
  if (f.kind === 'choice') return control.value;
  const kind = control.value as 'pot' | 'burn' | 'percent';
  const amount = Number((form.elements.namedItem(`${f.name}.amount`) as HTMLInputElement | null)?.value);
  if (kind === 'pot') return { kind };
  return kind === 'burn' ? { kind, amount } : { kind, percent: amount };
}
