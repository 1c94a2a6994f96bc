import { expect, type Locator, type Page } from '@playwright/test';

/**
 * A stand-in for the browser's speech recogniser (Chromium headless has none that hears): start()
 * answers with the transcript the test set on window.__saytrixTranscript, as a real final result.
 */
export async function fakeSpeechRecognition(page: Page) {
  await page.addInitScript(() => {
    class FakeRecognition {
      lang = 'en-US';
      continuous = false;
      interimResults = false;
      maxAlternatives = 1;
      onresult: ((e: unknown) => void) | null = null;
      onerror: ((e: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      start() {
        const transcript = (window as unknown as { __saytrixTranscript?: string }).__saytrixTranscript ?? '';
        (window as unknown as { __saytrixLang?: string }).__saytrixLang = this.lang;
        setTimeout(() => {
          const alternative = { transcript, confidence: 0.93 };
          const result = Object.assign([alternative], { isFinal: true });
          this.onresult?.({ resultIndex: 0, results: [result] });
          this.onend?.();
        }, 50);
      }
      stop() {
        this.onend?.();
      }
      abort() {
        this.onend?.();
      }
    }
    Object.assign(window, { SpeechRecognition: FakeRecognition, webkitSpeechRecognition: FakeRecognition });
  });
}

export class SaytrixPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/saytrix');
    await expect(this.page.getByRole('heading', { name: 'Saytrix', level: 1 })).toBeVisible();
  }

  input(): Locator {
    return this.page.getByRole('textbox', { name: 'Message Saytrix' });
  }

  /** Asks by typing and Enter; resolves once the reply is in. */
  async ask(question: string): Promise<Locator> {
    const before = await this.answers().count();
    await this.input().fill(question);
    await this.input().press('Enter');
    await expect(this.answers()).toHaveCount(before + 1);
    return this.answers().last();
  }

  answers(): Locator {
    // The welcome card is the first assistant message; answers follow it.
    return this.page
      .getByTestId('saytrix-assistant-message')
      .filter({ hasNot: this.page.getByText(/^Hi .*I'm Saytrix/) });
  }

  questions(): Locator {
    return this.page.getByTestId('saytrix-user-message');
  }
}
