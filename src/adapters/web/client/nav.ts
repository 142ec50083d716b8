// The shared navigation: marks the current page, shows the unread-alert count (one request), signs out.
import { api, type Page } from './api.js';
import { clearToken, goToSignIn } from './session.js';

/** The largest page the API serves: the badge counts up to this many unread alerts, then shows `100+`. */
const UNREAD_PAGE = 100;

/**
 * Counts unread alerts with ONE request (the API's `is_read=false` filter, one page of 100): a page's request budget
 * includes the badge. Beyond one page it shows `100+`, which says enough.
 */
export async function refreshUnreadCount(): Promise<void> {
  const badge = document.getElementById('unread-count');
  if (!badge) return;
  const page = await api<Page<unknown>>('GET', `/api/alerts?is_read=false&per_page=${UNREAD_PAGE}`);
  const unread = page.data.length;
  badge.textContent = page._links.next ? `${unread}+` : String(unread);
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
