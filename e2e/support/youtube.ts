/**
 * The YouTube / oEmbed / Instagram fake (api/test/support/fake-youtube.ts) for the browser suite, and a
 * recorder of every response body a browser context receives (for the API-key leak check).
 *
 * Call `useFakeYouTube()` BEFORE `useSuite({ env })`: its beforeAll starts the fake and fills `env`
 * (the same object the suite's server reads when it starts), so the production server talks to the fake.
 */
import type { BrowserContext, Response } from 'playwright-core';
import { FakeYouTube, FakeYouTubeOptions, startFakeYouTube } from '../../api/test/support/fake-youtube';

export * from '../../api/test/support/fake-youtube';

export interface FakeYouTubeHandle {
  /** Server environment pointing the API at the fake; filled in beforeAll, pass it to useSuite. */
  readonly env: Record<string, string>;
  readonly fake: FakeYouTube;
}

export function useFakeYouTube(options: FakeYouTubeOptions = {}): FakeYouTubeHandle {
  const env: Record<string, string> = {};
  let fake: FakeYouTube | undefined;

  beforeAll(async () => {
    fake = await startFakeYouTube(options);
    Object.assign(env, {
      YOUTUBE_API_KEY: fake.apiKey,
      YOUTUBE_API_BASE_URL: fake.url,
      YOUTUBE_OEMBED_URL: fake.oembedUrl,
      INSTAGRAM_BASE_URL: fake.instagramUrl,
    });
  });

  afterAll(async () => {
    await fake?.close();
  });

  return {
    env,
    get fake() {
      if (!fake) throw new Error('the fake YouTube is not running (did beforeAll fail?)');
      return fake;
    },
  };
}

export interface RecordedResponse {
  url: string;
  status: number;
  contentType: string;
  /** The decoded body, or null when the browser kept none (redirects, 204, evicted). */
  body: Buffer | null;
  error?: string;
}

/**
 * Records every response of the context (documents, scripts, styles, manifests, JSON, images). Each body
 * is asked for as soon as the response arrives, before a navigation can evict it. `settle()` waits for
 * all of them.
 */
export function recordResponses(context: BrowserContext): {
  responses: RecordedResponse[];
  settle: () => Promise<RecordedResponse[]>;
} {
  const responses: RecordedResponse[] = [];
  const pending: Promise<void>[] = [];
  context.on('response', (res: Response) => {
    const entry: RecordedResponse = {
      url: res.url(),
      status: res.status(),
      contentType: res.headers()['content-type'] ?? '',
      body: null,
    };
    responses.push(entry);
    pending.push(
      res.body().then(
        (body) => {
          entry.body = body;
        },
        (err: Error) => {
          entry.error = err.message;
        },
      ),
    );
  });
  return {
    responses,
    settle: async () => {
      // New responses may arrive while earlier bodies are read.
      for (let seen = -1; seen !== pending.length; ) {
        seen = pending.length;
        await Promise.all(pending);
      }
      return responses;
    },
  };
}
