// The one place that shows an API error `{error, message}` (or anything unexpected) to the user.
import { ApiError } from './api.js';
import { el, replaceChildren } from './dom.js';
import { SignInRedirect } from './session.js';

/** A sentence for an error, with the API's code kept visible for support. */
export function describeError(error: unknown): { message: string; code: string | null } {
  if (error instanceof ApiError) {
    const wait = error.status === 429 && error.retryAfterSeconds !== null ? ` Try again in ${waitText(error.retryAfterSeconds)}.` : '';
    return { message: `${error.message}${wait}`, code: error.error };
  }
  return { message: error instanceof Error ? error.message : String(error), code: null };
}

function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

export class ErrorDisplay {
  constructor(private readonly region: HTMLElement) {
    region.setAttribute('role', 'alert');
  }

  /** `context` says what was being done ("Saving the list"). A redirect to sign-in is not an error to show. */
  show(error: unknown, context?: string): void {
    if (error instanceof SignInRedirect) return;
    const { message, code } = describeError(error);
    replaceChildren(
      this.region,
      el('p', {}, context ? el('strong', {}, `${context}: `) : null, message, code ? el('span', { class: 'error-code' }, ` (${code})`) : null),
      el('button', { type: 'button', class: 'link-button' }, 'Dismiss'),
    );
    this.region.querySelector('button')?.addEventListener('click', () => this.clear());
    this.region.hidden = false;
  }

  clear(): void {
    this.region.replaceChildren();
    this.region.hidden = true;
  }
}

/** Anything a page forgot to catch still reaches the user. */
export function showUncaughtErrors(display: ErrorDisplay): void {
  window.addEventListener('unhandledrejection', (event) => {
    display.show(event.reason);
  });
}
