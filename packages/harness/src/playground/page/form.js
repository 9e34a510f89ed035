// A form the bot opened (a Discord modal), drawn as a dialog over the channel: labels
// with their description, text inputs, radio groups, selects, checkbox groups and
// checkboxes, prefilled as the bot asked. Submitting sends what the seat entered, keyed
// by custom id, as the Discord client would.

/** The value of one field, in the shape `/api/modal` takes (see local-discord's ModalValue). */
function fieldValue(input) {
  const { type } = input.dataset;
  if (type === '4') return input.value;
  if (type === '23') return input.querySelector('input').checked;
  if (type === '21') return input.querySelector('input:checked')?.value ?? null;
  if (type === '22') return [...input.querySelectorAll('input:checked')].map((box) => box.value);
  if (type === '3') return input.value === '' ? [] : [input.value];
  return null;
}

function choiceList(component, kind) {
  const list = el('div', `form-choices ${kind}`);
  list.dataset.type = String(component.type);
  list.dataset.customId = component.custom_id;
  for (const option of component.options ?? []) {
    const row = el('label', 'form-choice');
    const box = document.createElement('input');
    box.type = kind;
    box.name = component.custom_id;
    box.value = option.value;
    box.checked = option.default === true;
    const text = el('span', '', option.label);
    row.append(box, text);
    if (option.description) row.append(el('span', 'form-choice-description', option.description));
    list.append(row);
  }
  return list;
}

function formInput(component) {
  let input;
  switch (component.type) {
    case 4:
      input = document.createElement(component.style === 2 ? 'textarea' : 'input');
      input.value = component.value ?? '';
      input.placeholder = component.placeholder ?? '';
      if (component.max_length) input.maxLength = component.max_length;
      input.className = 'form-text';
      break;
    case 3:
      input = document.createElement('select');
      input.className = 'form-select';
      for (const option of component.options ?? []) {
        const node = document.createElement('option');
        node.value = option.value;
        node.textContent = option.label;
        node.selected = option.default === true;
        input.append(node);
      }
      break;
    case 21:
      return choiceList(component, 'radio');
    case 22:
      return choiceList(component, 'checkbox');
    case 23: {
      input = el('label', 'form-choice');
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.checked = component.default === true;
      input.append(box);
      break;
    }
    default:
      input = el('div', 'form-unknown', `(component type ${component.type})`);
  }
  input.dataset.type = String(component.type);
  input.dataset.customId = component.custom_id;
  return input;
}

/** Shows the form; `submit(values)` sends it and resolves to an error text, or null once it went. */
// biome-ignore lint/correctness/noUnusedVariables: the page's scripts share one scope; a later one calls it.
function showForm(modal, submit) {
  const backdrop = el('div', 'form-backdrop');
  const dialog = el('form', 'form-dialog');
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-label', modal.title);
  dialog.append(el('div', 'form-title', modal.title));
  const inputs = [];
  for (const top of modal.components ?? []) {
    const field = el('div', 'form-field');
    if (top.type === 18) {
      field.append(el('div', 'form-label', top.label));
      if (top.description) field.append(el('div', 'form-description', top.description));
      const input = formInput(top.component);
      inputs.push(input);
      field.append(input);
    } else if (top.type === 10) {
      field.append(markdown('div', 'form-text-display', top.content ?? '', renderContext));
    } else if (top.type === 1) {
      for (const component of top.components ?? []) {
        if (component.label) field.append(el('div', 'form-label', component.label));
        const input = formInput(component);
        inputs.push(input);
        field.append(input);
      }
    }
    dialog.append(field);
  }
  const error = el('div', 'form-error');
  const actions = el('div', 'form-actions');
  const cancel = el('button', 'form-cancel', 'Cancel');
  cancel.type = 'button';
  const send = el('button', 'form-submit', 'Submit');
  send.type = 'submit';
  actions.append(cancel, send);
  dialog.append(error, actions);
  backdrop.append(dialog);
  document.body.append(backdrop);
  const close = () => backdrop.remove();
  cancel.addEventListener('click', close);
  dialog.addEventListener('submit', async (event) => {
    event.preventDefault();
    const values = Object.fromEntries(inputs.map((input) => [input.dataset.customId, fieldValue(input)]));
    send.disabled = true;
    const failed = await submit(values);
    send.disabled = false;
    if (failed) error.textContent = failed;
    else close();
  });
  dialog.querySelector('input, select, textarea')?.focus();
}
