// The journal's password rule on the web app's side (the server's is the DTOs' minLength, and it
// answers AUTH_WEAK_PASSWORD): the spec's minimum for a new password and a reviewer's sign-up.
export const MIN_PASSWORD_LENGTH = 6;
