// One form helper for every form: reads fields, submits, and shows the API's `details` next to the named fields.
import { ApiError } from './api.js';
import { el } from './dom.js';
import type { ErrorDisplay } from './error-display.js';
import { placeProblems } from './field-problems.js';

/** Typed reads of a form's fields by name. */
export class FormReader {
  constructor(readonly form: HTMLFormElement) {}

  private field(name: string): Element | RadioNodeList | null {
    return this.form.elements.namedItem(name);
  }

  text(name: string): string {
    const f = this.field(name);
    return f && 'value' in f ? String(f.value).trim() : '';
  }

  /** Blank → null (an optional field left empty). */
  optionalText(name: string): string | null {
    return this.text(name) || null;
  }

  /** A number field; blank → null, anything else is sent as typed so the API can say what is wrong with it. */
  optionalNumber(name: string): number | string | null {
    const value = this.text(name);
    if (!value) return null;
    return /^-?\d+$/.test(value) ? Number(value) : value;
  }

  checked(name: string): boolean {
    const f = this.field(name);
    return f instanceof HTMLInputElement ? f.checked : false;
  }

  /** The values of the checked boxes sharing `name`. */
  checkedValues(name: string): string[] {
    return [...this.form.querySelectorAll<HTMLInputElement>(`input[name="${CSS.escape(name)}"]:checked`)].map((i) => i.value);
  }

  lines(name: string): string[] {
    return this.text(name).split('\n').map((line) => line.trim()).filter(Boolean);
  }

  file(name: string): File | null {
    const f = this.field(name);
    return f instanceof HTMLInputElement ? (f.files?.[0] ?? null) : null;
  }
}

export interface FormOptions {
  errors: ErrorDisplay;
  /** What the submission does; a returned text is announced in the form's status line. */
  submit: (read: FormReader) => Promise<string | void>;
  /** Words for the error display ("Adding the book"). */
  action: string;
}

const names = (form: HTMLFormElement): string[] =>
  [...form.elements].map((e) => (e as HTMLInputElement).name).filter((n): n is string => Boolean(n));

export function clearFieldErrors(form: HTMLFormElement): void {
  for (const p of form.querySelectorAll('.field-error')) p.remove();
  for (const f of form.querySelectorAll('[aria-invalid]')) {
    f.removeAttribute('aria-invalid');
    f.removeAttribute('aria-describedby');
  }
}

/** Puts each message right after its field (inside its `.field` wrapper) and links it for screen readers. */
export function showFieldErrors(form: HTMLFormElement, byField: Map<string, string[]>): HTMLElement | null {
  let first: HTMLElement | null = null;
  for (const [name, messages] of byField) {
    const item = form.elements.namedItem(name);
    const control = (item instanceof RadioNodeList ? item[0] : item) as HTMLElement | null;
    if (!control) continue;
    const id = `${form.id || 'form'}-${name.replace(/[^A-Za-z0-9_-]/g, '_')}-error`;
    const note = el('p', { class: 'field-error', id }, messages.join('; '));
    const anchor = control.closest('.field, fieldset') ?? control.parentElement!;
    anchor.appendChild(note);
    control.setAttribute('aria-invalid', 'true');
    control.setAttribute('aria-describedby', id);
    first ??= control;
  }
  return first;
}

export function bindForm(form: HTMLFormElement, options: FormOptions): void {
  form.noValidate = true;
  const status = form.querySelector<HTMLElement>('.form-status');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void run();
  });

  async function run(): Promise<void> {
    if (form.getAttribute('aria-busy') === 'true') return;
    clearFieldErrors(form);
    options.errors.clear();
    if (status) status.textContent = '';
    form.setAttribute('aria-busy', 'true');
    const buttons = [...form.querySelectorAll<HTMLButtonElement>('button[type="submit"], button:not([type])')];
    for (const b of buttons) b.disabled = true;
    try {
      const done = await options.submit(new FormReader(form));
      if (status && done) status.textContent = done;
    } catch (error) {
      if (error instanceof ApiError && error.details.length > 0) {
        const { byField, unplaced } = placeProblems(error.details, names(form));
        const first = showFieldErrors(form, byField);
        const rest = unplaced.map((p) => `${p.field}: ${p.message}`).join('; ');
        options.errors.show(rest ? new ApiError(error.status, error.error, rest) : error, options.action);
        first?.focus();
      } else {
        options.errors.show(error, options.action);
      }
    } finally {
      form.removeAttribute('aria-busy');
      for (const b of buttons) b.disabled = false;
    }
  }
}
