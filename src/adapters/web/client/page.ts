// How every page starts: sign-in check, navigation, the error display, then the page's own work.
import { byId } from './dom.js';
import { ErrorDisplay, showUncaughtErrors } from './error-display.js';
import { initNav, refreshUnreadCount } from './nav.js';
import { requireToken } from './session.js';

export interface PageContext {
  errors: ErrorDisplay;
}

export function startPage(main: (ctx: PageContext) => Promise<void>, options: { signedIn: boolean } = { signedIn: true }): void {
  const errors = new ErrorDisplay(byId('page-error'));
  errors.clear();
  showUncaughtErrors(errors);
  try {
    if (options.signedIn) {
      requireToken();
      initNav();
      refreshUnreadCount().catch((error: unknown) => errors.show(error, 'Counting unread alerts'));
    }
  } catch (error) {
    errors.show(error);
    return;
  }
  main({ errors }).catch((error: unknown) => errors.show(error));
}
