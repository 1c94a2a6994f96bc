// What the prerendered pages' entry (public-entry.ts) and the React forms that take them over
// agree on. Spelled out here rather than imported: the entry must not pull in React's modules.
// public-markers.test.ts holds both sides to the same names.
export const MARKERS = {
  /** LiveForm's SUBMIT_REQUESTED: a submit held before React owned the form. */
  submitRequested: 'data-submit-requested',
  /** LiveForm's FORM_LIVE: React owns the form. */
  live: 'data-live',
  /** GoogleButton's wrapper, hidden until the server says Google sign-in is on. */
  googleSignIn: 'data-google-sign-in',
  googlePath: '/api/auth/google',
} as const;
