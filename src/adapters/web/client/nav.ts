// The shared navigation: marks the current page, shows the unread-alert count, signs out.
import { collectAll } from './api.js';
import { clearToken, goToSignIn } from './session.js';

/** Pages of unread alerts the badge walks at most; beyond, it shows `N+`. */
const UNREAD_PAGES_MAX = 3;

/** Counts unread alerts with the API's `is_read=false` filter, following `next` links up to a small cap. */
export async function refreshUnreadCount(): Promise<void> {
  const badge = document.getElementById('unread-count');
  if (!badge) return;
  const { items, truncated } = await collectAll<unknown>('/api/alerts?is_read=false&per_page=100', UNREAD_PAGES_MAX);
  const unread = items.length;
  badge.textContent = truncated ? `${unread}+` : String(unread);
  badge.classList.toggle('badge-none', unread === 0);
}

export function initNav(): void {
  const page = document.body.dataset.page;
  for (const link of document.querySelectorAll<HTMLAnchorElement>('.site-nav a[data-page]')) {
    if (link.dataset.page === page) link.setAttribute('aria-current', 'page');
  }
  document.getElementById('sign-out')?.addEventListener('click', () => {
    clearToken();
    goToSignIn('signed-out');
  });
}
