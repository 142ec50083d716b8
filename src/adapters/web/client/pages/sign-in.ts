// Sign-in: paste a token (checked against the API before it is kept), or the development sign-in when enabled.
import { api, ApiError } from '../api.js';
import { byId, entryParam } from '../dom.js';
import { ErrorDisplay } from '../error-display.js';
import { bindForm } from '../form-helper.js';
import { safeNextPage } from '../next-page.js';
import { clearToken, setToken, type SignInReason } from '../session.js';

const REASONS: Record<SignInReason, string> = {
  expired: 'Your sign-in has expired or was not accepted. Please sign in again.',
  missing: 'Please sign in to continue.',
  'signed-out': 'You are signed out.',
};

async function signInWith(token: string): Promise<void> {
  try {
    await api('GET', '/api/user/preferences', { token, onUnauthorized: 'throw' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      throw new ApiError(401, error.error, 'This token was not accepted (expired, or not signed for this service).');
    }
    throw error;
  }
  setToken(token);
  location.assign(safeNextPage(entryParam('next'), location.origin));
}

const errors = new ErrorDisplay(byId('page-error'));
errors.clear();
const reason = entryParam('reason') as SignInReason | null;
// Own keys only: `reason=toString` must not find Object.prototype's function.
if (reason && Object.hasOwn(REASONS, reason)) {
  if (reason !== 'missing') clearToken();
  const notice = byId('sign-in-reason');
  notice.textContent = REASONS[reason];
  notice.hidden = false;
}

bindForm(byId<HTMLFormElement>('token-form'), {
  errors,
  action: 'Signing in',
  async submit(read) {
    const token = read.text('token').replace(/^Bearer\s+/i, '');
    if (!token) throw new ApiError(400, 'validation_failed', 'Paste a token first', [{ field: 'token', message: 'required' }]);
    await signInWith(token);
    return 'Signed in';
  },
});

// The development sign-in exists only when the service enables it (404 otherwise).
fetch('/dev/sign-in', { headers: { Accept: 'application/json' } })
  .then((response) => {
    if (response.ok) byId('dev-sign-in').hidden = false;
  })
  .catch(() => undefined);

bindForm(byId<HTMLFormElement>('dev-form'), {
  errors,
  action: 'Development sign-in',
  async submit(read) {
    const { token } = await api<{ token: string }>('POST', '/dev/sign-in', { body: { user: read.text('user') }, auth: false });
    await signInWith(token);
    return 'Signed in';
  },
});
