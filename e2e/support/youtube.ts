/**
 * The YouTube / oEmbed / Instagram fake (api/test/support/fake-youtube.ts) for the browser suite, and a
 * recorder of every response body a browser context receives (for the API-key leak check).
 *
 * Call `useFakeYouTube()` BEFORE `useSuite({ env })`: its beforeAll starts the fake and fills `env`
 * (the same object the suite's server reads when it starts), so the production server talks to the fake.
 */
import type { BrowserContext, Response } from 'playwright-core';
import { FakeYouTube, FakeYouTubeOptions, startFakeYouTube } from '../../api/test/support/fake-youtube';
import type { Session } from './browser';

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

/**
 * The fake serves thumbnails and profile pictures over plain http://127.0.0.1, which the app's CSP
 * (img-src 'self' data: https:) rightly blocks; real YouTube and Instagram images are https. Those
 * console errors are expected in these tests, and only those.
 */
export function expectFakeImagesBlocked(session: Session, fake: FakeYouTube): void {
  const origin = new URL(fake.url).origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  session.expectErrors(new RegExp(`^console: Loading the image '${origin}/img/[^']*' violates .*img-src`));
}

export interface RecordedResponse {
  url: string;
  status: number;
  contentType: string;
  /** The decoded body, or null when the browser kept none (redirects, 204, evicted). */
  body: Buffer | null;
  error?: string;
  /** True when the browser evicted the body (a navigation) and it was fetched again, same URL and cookies. */
  refetched?: boolean;
}

/**
 * Records every response of the context (documents, scripts, styles, manifests, JSON, images). Each body
 * is asked for as soon as the response arrives; a GET body a navigation evicted anyway is fetched again
 * (same URL, same cookies). `settle()` waits for all of them.
 */
export function recordResponses(context: BrowserContext): {
  responses: RecordedResponse[];
  settle: () => Promise<RecordedResponse[]>;
} {
  const responses: RecordedResponse[] = [];
  const pending: Promise<void>[] = [];
  context.on('response', (res: Response) => {
    const method = res.request().method();
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
        async (err: Error) => {
          entry.error = err.message;
          // A navigation evicted it: a GET can be asked again with the same cookies to see what it held.
          if (method === 'GET' && /navigated away|No resource with given identifier/.test(err.message)) {
            const again = await context.request.get(entry.url).catch(() => null);
            if (again) {
              entry.body = await again.body();
              entry.refetched = true;
            }
          }
        },
      ),
    );
  });
  return {
    responses,
    settle: async () => {
      // New responses may arrive while earlier bodies are read.
      for (let seen = -1; seen !== pending.length;) {
        seen = pending.length;
        await Promise.all(pending);
      }
      return responses;
    },
  };
}
