import { describe, expect, it } from 'vitest';
import { FORM_LIVE, SUBMIT_REQUESTED } from '../components/ui/live-form';
import { GOOGLE_SIGN_IN_PATH } from '../features/auth/components/google-button';
import { MARKERS } from './public-markers';

describe('the prerendered pages and their React forms', () => {
  it('use the same markers', () => {
    expect(MARKERS.submitRequested).toBe(SUBMIT_REQUESTED);
    expect(MARKERS.live).toBe(FORM_LIVE);
    expect(MARKERS.googlePath).toBe(GOOGLE_SIGN_IN_PATH);
  });
});
