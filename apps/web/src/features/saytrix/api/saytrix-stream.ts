import { createParser } from 'eventsource-parser';
import {
  errorResponseSchema,
  saytrixReplySchema,
  type SaytrixChatRequest,
  type SaytrixReply,
} from '@nivesh/shared';
import { z } from 'zod';
import {
  ApiError,
  handleSessionExpired,
  NETWORK_ERROR_MESSAGE,
  SERVICE_UNAVAILABLE_MESSAGE,
} from '../../../lib/api-client';
import { storage } from '../../../lib/storage';

const sentenceSchema = z.object({ text: z.string() });

function json(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

/**
 * POST /api/saytrix/chat/stream: server-sent events over fetch (an EventSource cannot POST or send the
 * bearer header). Each `sentence` is handed over as it arrives; the promise resolves with the `done`
 * reply and rejects when the stream fails or ends without one, so no partial answer passes as whole.
 */
export async function streamSaytrixChat(
  body: SaytrixChatRequest,
  onSentence: (text: string) => void,
): Promise<SaytrixReply> {
  const token = storage.get('token');
  let response: Response;
  try {
    response = await fetch('/api/saytrix/chat/stream', {
      method: 'POST',
      headers: {
        Accept: 'text/event-stream',
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0, 'NETWORK_ERROR');
  }
  if (response.status >= 500)
    throw new ApiError(SERVICE_UNAVAILABLE_MESSAGE, response.status, 'SERVICE_UNAVAILABLE');
  if (response.status === 401) handleSessionExpired();
  if (!response.ok || !response.body) {
    const error = errorResponseSchema.safeParse(await response.json().catch(() => null));
    throw new ApiError(
      error.success ? error.data.message : 'Request failed',
      response.status,
      error.success ? error.data.code : 'UNKNOWN',
    );
  }

  let done: SaytrixReply | null = null;
  const parser = createParser({
    onEvent: (event) => {
      if (event.event === 'sentence') {
        const sentence = sentenceSchema.safeParse(json(event.data));
        if (sentence.success) onSentence(sentence.data.text);
      } else if (event.event === 'done') {
        const reply = saytrixReplySchema.safeParse(json(event.data));
        if (reply.success) done = reply.data;
      }
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      parser.feed(value);
      // `done` is the last event: the reply is whole, whether or not the connection has closed yet.
      if (done) {
        void reader.cancel().catch(() => undefined);
        break;
      }
    }
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0, 'NETWORK_ERROR');
  }
  if (!done) throw new ApiError(SERVICE_UNAVAILABLE_MESSAGE, response.status, 'INVALID_RESPONSE');
  return done;
}
