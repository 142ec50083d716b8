// Sign-in: with the identity provider (OpenID Connect, when the service has one), by pasting a token (checked against
// the API before it is kept), or the development sign-in when enabled. The provider sends the browser back here.
import { api, ApiError } from '../api.js';
import { byId, entryParam } from '../dom.js';
import { ErrorDisplay } from '../error-display.js';
import { bindForm } from '../form-helper.js';
import { safeNextPage } from '../next-page.js';
import { readCallback, type OidcClientConfig } from '../oidc-protocol.js';
import { forgetOidcSession } from '../oidc-session.js';
import { finishOidcSignIn, startOidcSignIn } from '../oidc-sign-in.js';
import { forgetSignIn, OIDC_RETURN_PATH, setToken, takeSignedOutNotice, type SignInReason } from '../session.js';

const REASONS: Record<SignInReason, string> = {
  expired: 'Your sign-in has expired or was not accepted. Please sign in again.',
  missing: 'Please sign in to continue.',
  'signed-out': 'You are signed out.',
};

/** Checks the token with the API before keeping it, so a token the service refuses is never stored. */
async function checkToken(token: string): Promise<void> {
  try {
    await api('GET', '/api/user/preferences', { token, onUnauthorized: 'throw' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      throw new ApiError(401, error.error, 'This token was not accepted (expired, or not signed for this service).');
    }
    throw error;
  }
}

/** A pasted or development token: no provider record goes with it. */
async function signInWith(token: string): Promise<void> {
  await checkToken(token);
  forgetOidcSession();
  setToken(token);
  location.assign(safeNextPage(entryParam('next'), location.origin));
}

const errors = new ErrorDisplay(byId('page-error'));
errors.clear();
const callback = readCallback(location.search);
const reason = (entryParam('reason') ?? (takeSignedOutNotice() ? 'signed-out' : null)) as SignInReason | null;
// Own keys only: `reason=toString` must not find Object.prototype's function.
if (reason && Object.hasOwn(REASONS, reason)) {
  if (reason !== 'missing') forgetSignIn();
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

// The identity provider, when the service has one: a button, and the end of a sign-in it sends back here.
async function offerProvider(): Promise<void> {
  const { oidc } = await api<{ oidc: OidcClientConfig | null }>('GET', '/api/auth/config', { auth: false });
  if (!oidc) {
    if (callback) history.replaceState(null, '', OIDC_RETURN_PATH);
    return;
  }
  const section = byId('oidc-sign-in');
  const button = byId<HTMLButtonElement>('oidc-button');
  const status = byId('oidc-status');
  button.textContent = `Sign in with ${oidc.provider_name}`;
  section.hidden = false;
  button.addEventListener('click', () => {
    errors.clear();
    button.disabled = true;
    status.textContent = `Going to ${oidc.provider_name}…`;
    startOidcSignIn(oidc, safeNextPage(entryParam('next'), location.origin)).catch((error: unknown) => {
      button.disabled = false;
      status.textContent = '';
      errors.show(error, `Signing in with ${oidc.provider_name}`);
    });
  });
  if (!callback) return;
  // The code must not stay in the address bar (or in the history) whatever happens next.
  history.replaceState(null, '', OIDC_RETURN_PATH);
  button.disabled = true;
  status.textContent = `Finishing the sign-in with ${oidc.provider_name}…`;
  try {
    const signedIn = await finishOidcSignIn(callback);
    await checkToken(signedIn.token);
    signedIn.keep();
    setToken(signedIn.token);
    status.textContent = 'Signed in';
    location.assign(signedIn.next);
  } catch (error) {
    button.disabled = false;
    status.textContent = '';
    errors.show(error, `Signing in with ${oidc.provider_name}`);
  }
}

offerProvider().catch((error: unknown) => errors.show(error, 'Reading the sign-in settings'));
