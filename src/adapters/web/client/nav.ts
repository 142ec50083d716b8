// The shared navigation: marks the current page, shows the unread-alert count, signs out.
import { collectAll } from './api.js';
import { clearToken, goToSignIn } from './session.js';

interface AlertState {
  is_read: boolean;
}

/** The API has no unread filter or count, so the count walks the alerts (newest first) by `next` links. */
export async function refreshUnreadCount(): Promise<void> {
  const badge = document.getElementById('unread-count');
  if (!badge) return;
  const { items, truncated } = await collectAll<AlertState>('/api/alerts?per_page=100', 10);
  const unread = items.filter((a) => !a.is_read).length;
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
