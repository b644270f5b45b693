import { promisify } from 'node:util';
import { brotliCompress, brotliDecompressSync, constants as zlib, gzip, gunzipSync } from 'node:zlib';
import { etagOf } from '../common/http-caching';
import { AggregateCache } from './aggregate-cache.service';

describe('AggregateCache', () => {
  it('computes once for concurrent misses and serves the JSON', async () => {
    const cache = new AggregateCache();
    let calls = 0;
    const compute = async () => ({ n: ++calls });
    const [a, b] = await Promise.all([cache.json('k', compute), cache.json('k', compute)]);
    expect([String(a), String(b)]).toEqual(['{"n":1}', '{"n":1}']);
    expect(String(await cache.json('k', compute))).toBe('{"n":1}');
  });

  it('drops everything on invalidate, including a computation still running', async () => {
    const cache = new AggregateCache();
    let release: () => void = () => undefined;
    const slow = cache.json('k', () => new Promise((resolve) => (release = () => resolve('old'))));
    cache.invalidate();
    release();
    expect(String(await slow)).toBe('"old"');
    expect(cache.isCurrent(await slow)).toBe(false);
    expect(String(await cache.json('k', async () => 'new'))).toBe('"new"');
  });

  it('tells current answers from those a write has made stale, and calls its listeners', async () => {
    const cache = new AggregateCache();
    let invalidations = 0;
    cache.onInvalidate(() => (invalidations += 1));
    const body = await cache.json('k', async () => 1);
    expect(cache.isCurrent(body)).toBe(true);
    cache.invalidate();
    expect(cache.isCurrent(body)).toBe(false);
    expect(invalidations).toBe(1);
  });

  it('puts a smaller form in place of a current answer, keeping its ETag and computation', async () => {
    const cache = new AggregateCache();
    const replaced: Buffer[] = [];
    cache.onReplace((previous) => replaced.push(previous));
    const drawn = Buffer.from('drawn form');
    const etag = etagOf(drawn);
    const body = await cache.buffer('card', async () => drawn, { reads: ['creators'], compress: false });
    expect(etagOf(body)).toBe(etag); // a copy, named as what it copies
    const smaller = Buffer.from('small');
    expect(cache.replace('card', Buffer.from('drawn form'), smaller)).toBe(false); // not the kept one
    expect(cache.replace('card', body, smaller)).toBe(true);
    const kept = await cache.buffer('card', async () => Buffer.from('redrawn'));
    expect([String(kept), etagOf(kept), cache.computationOf(kept), cache.compressible(kept)]).toEqual([
      'small',
      etagOf(body),
      cache.computationOf(body),
      false,
    ]);
    expect(replaced).toEqual([body]);
    // Once a write made it stale, nothing is put in its place.
    cache.invalidate(['creators']);
    const fresh = await cache.buffer('card', async () => Buffer.from('fresh'), { reads: ['creators'] });
    expect(cache.replace('card', kept, Buffer.from('x'))).toBe(false);
    expect(String(await cache.buffer('card', async () => Buffer.from('other')))).toBe(String(fresh));
  });

  it('does not keep a failure', async () => {
    const cache = new AggregateCache();
    await expect(cache.json('k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(String(await cache.json('k', async () => 1))).toBe('1');
  });

  it('keeps at most its limits, dropping the least recently used first', async () => {
    class SmallCache extends AggregateCache {
      protected override readonly limits = { entries: 3, bytes: 25, asked: 2 };
    }
    const cache = new SmallCache();
    let computed = 0;
    const get = (key: string, size: number) =>
      cache.json(key, async () => {
        computed += 1;
        return 'x'.repeat(size - 2); // JSON quotes
      });
    await get('a', 10);
    await get('b', 10);
    await get('a', 10); // a is now the most recent
    await get('c', 10); // 30 bytes: b goes
    expect(computed).toBe(3);
    await get('a', 10);
    expect(computed).toBe(3);
    await get('b', 10);
    expect(computed).toBe(4);
    await get('big', 100); // over the byte limit alone: kept, everything else dropped
    await get('big', 100);
    expect(computed).toBe(5);
    await get('a', 10);
    expect(computed).toBe(6);
  });

  it('keeps an answer asked for with a new term only when it is asked for again', async () => {
    class SmallCache extends AggregateCache {
      protected override readonly limits = { entries: 100, bytes: 1000, asked: 2 };
    }
    const cache = new SmallCache();
    let computed = 0;
    const search = (key: string) =>
      cache.json(key, async () => ({ n: ++computed }), { keep: 'when-asked-again' });
    const once = await search('q=a');
    expect(cache.isCurrent(once)).toBe(true);
    expect(cache.isReplayable(once)).toBe(false); // served, not kept
    const twice = await search('q=a');
    expect(String(twice)).toBe('{"n":2}');
    expect(cache.isReplayable(twice)).toBe(true);
    expect(await search('q=a')).toBe(twice);
    // Asks meeting a computation share it, and a second ask while computing keeps it.
    const [first, second] = await Promise.all([search('q=b'), search('q=b')]);
    expect(first).toBe(second);
    expect(await search('q=b')).toBe(first);
    expect(computed).toBe(3);
    // Still remembered after a write drops the answer: its next computation is kept at once.
    cache.invalidate();
    const after = await search('q=a');
    expect(await search('q=a')).toBe(after);
    expect(computed).toBe(4);
    // Only the last keys asked are remembered: c and d push a out.
    await search('q=c');
    await search('q=d');
    cache.invalidate();
    await search('q=a');
    await search('q=a');
    expect(computed).toBe(8); // a computed twice again
    // The default keeps every answer at once.
    const kept = await cache.json('leaderboard', async () => ({ n: ++computed }));
    expect(await cache.json('leaderboard', async () => ({ n: ++computed }))).toBe(kept);
    expect(cache.isReplayable(kept)).toBe(true);
  });

  it('lets no stream of searches asked once push out what is kept', async () => {
    class SmallCache extends AggregateCache {
      protected override readonly limits = { entries: 2, bytes: 1000, asked: 100 };
    }
    const cache = new SmallCache();
    const profile = await cache.json('profile', async () => ({ id: 1 }));
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        cache.json(`q=${i}`, async () => ({ i }), { keep: 'when-asked-again' }),
      ),
    );
    expect(await cache.json('profile', async () => ({ id: 2 }))).toBe(profile);
  });

  it('keeps a value until the next write, shared by concurrent callers, and not a failure', async () => {
    const cache = new AggregateCache();
    let computed = 0;
    const compute = async () => ({ n: ++computed });
    const [a, b] = await Promise.all([cache.value('v', compute), cache.value('v', compute)]);
    expect(a).toBe(b);
    expect(await cache.value('v', compute)).toBe(a);
    cache.invalidate();
    expect(await cache.value('v', compute)).toEqual({ n: 2 });
    await expect(cache.value('bad', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.value('bad', async () => 'ok')).toBe('ok');
  });

  it('keeps answers while the versions stay, drops them when one they read moves or cannot be read', async () => {
    const cache = new AggregateCache();
    let computed = 0;
    const get = () => cache.json('k', async () => ++computed, { reads: ['creators'] });
    const versions = (creators: number, suggestions: number) =>
      new Map([
        ['*', 0],
        ['creators', creators],
        ['suggestions', suggestions],
      ]);
    cache.observe(versions(5, 1));
    await get();
    cache.observe(versions(5, 1));
    await get();
    expect(computed).toBe(1);
    cache.observe(versions(5, 9)); // another replica took a suggestion
    await get();
    expect(computed).toBe(1);
    cache.observe(versions(6, 9)); // and renamed a creator
    await get();
    expect(computed).toBe(2);
    cache.observe(versions(5, 9)); // a poll that read the version just before a local write: not a change
    await get();
    expect(computed).toBe(2);
    cache.observe(null); // the database cannot be read
    await get();
    cache.observe(versions(6, 9)); // readable again: nothing from the blind spell is trusted
    await get();
    expect(computed).toBe(4);
    cache.observe(new Map([...versions(6, 9), ['*', 1]])); // a write that changed everything
    await get();
    expect(computed).toBe(5);
  });

  it('drops on a change only the answers, values and current marks that read what changed', async () => {
    const cache = new AggregateCache();
    const seen: unknown[] = [];
    cache.onInvalidate((changed) => seen.push(changed && [...changed]));
    let computed = 0;
    const creators = await cache.json('creators', async () => ++computed, { reads: ['creators'] });
    const videos = await cache.json('videos', async () => ++computed, { reads: ['videos'] });
    const undeclared = await cache.json('any', async () => ++computed);
    const value = await cache.value('v', async () => ++computed, ['videos']);
    cache.committed(new Set(['suggestions', 'history']), 7); // read by no public answer
    expect([creators, videos, undeclared].map((body) => cache.isCurrent(body))).toEqual([true, true, true]);
    cache.committed(new Set(['creators']), 8);
    expect([creators, videos, undeclared].map((body) => cache.isCurrent(body))).toEqual([false, true, false]);
    expect(String(await cache.json('videos', async () => ++computed, { reads: ['videos'] }))).toBe('2');
    expect(await cache.value('v', async () => ++computed, ['videos'])).toBe(value);
    expect(String(await cache.json('creators', async () => ++computed, { reads: ['creators'] }))).toBe('5');
    expect(seen).toEqual([['suggestions', 'history'], ['creators']]);
    expect(cache.stampedTables()).toEqual(new Set(['suggestions', 'history', 'creators']));
  });

  it("keeps an answer that shows certain creators across changes of other creators' rows only", async () => {
    const cache = new AggregateCache();
    let computed = 0;
    const reads = ['creators', 'creator_counts'];
    const page = () =>
      cache.json('page', async () => ({ ids: [1, 2], n: ++computed }), {
        reads,
        shows: (value) => (value as { ids: number[] }).ids,
      });
    const other = await cache.json('other', async () => ++computed, { reads });
    const first = await page();
    const scope = (creators: number[], tables = reads) => ({
      creators: new Set(creators),
      tables: new Set(tables),
    });
    cache.committed(new Set(['creator_counts', 'videos']), 1, scope([7, 8]));
    expect([cache.isCurrent(first), cache.isCurrent(other)]).toEqual([true, false]);
    expect(await page()).toBe(first); // still kept
    cache.committed(new Set(['creator_counts']), 2, scope([2, 9]));
    expect(cache.isCurrent(first)).toBe(false);
    const second = await page();
    expect(second).not.toBe(first);
    // A change of a table the scope does not cover, or one from another replica, drops it whoever it was.
    cache.committed(new Set(['creators']), 3, scope([7], ['creator_counts']));
    expect(cache.isCurrent(second)).toBe(false);
    const third = await page();
    cache.observe(new Map([['creator_counts', 4]]));
    cache.observe(new Map([['creator_counts', 5]]));
    expect(cache.isCurrent(third)).toBe(false);
  });

  it('stops vouching for an answer not checked since before the changes it remembers', async () => {
    const cache = new AggregateCache();
    const options = { reads: ['creator_counts'], shows: () => [1], keep: 'when-asked-again' as const };
    // Asked once, it is not kept, so no change checks it as it goes (a kept answer is checked at each).
    const body = await cache.json('page', async () => [1], options);
    const change = (sequence: number) =>
      cache.committed(new Set(['creator_counts']), sequence, {
        creators: new Set([100 + sequence]),
        tables: new Set(['creator_counts']),
      });
    for (let sequence = 1; sequence <= 10; sequence++) change(sequence);
    expect(cache.isCurrent(body)).toBe(true);
    for (let sequence = 11; sequence <= 1000; sequence++) change(sequence);
    expect(cache.isCurrent(body)).toBe(false);
  });

  it('numbers its computations', async () => {
    const cache = new AggregateCache();
    const a = await cache.json('a', async () => 1);
    const b = await cache.json('b', async () => 1);
    expect(cache.computationOf(a)).toBe(1);
    expect(cache.computationOf(b)).toBe(2);
    expect(cache.computationOf(await cache.json('a', async () => 1))).toBe(1);
  });

  it('adopts bytes kept elsewhere: encoded once, current or not as told, numbered only while current', async () => {
    const cache = new AggregateCache();
    const body = Buffer.from(JSON.stringify({ communities: [], total: 0 }).repeat(100));
    expect(cache.adopt(body, { reads: ['video_authors'], current: false })).toBe(body);
    expect(cache.owns(body)).toBe(true);
    expect(cache.isCurrent(body)).toBe(false);
    expect(cache.computationOf(body)).toBeUndefined();
    const gzip = await cache.compressed(body, 'gzip');
    cache.adopt(body, { reads: ['video_authors'], current: true });
    expect(await cache.compressed(body, 'gzip')).toBe(gzip);
    expect(cache.isCurrent(body)).toBe(true);
    const computation = cache.computationOf(body);
    expect(computation).toEqual(expect.any(Number));
    cache.invalidate(['suggestions']);
    expect(cache.isCurrent(body)).toBe(true);
    cache.invalidate(['video_authors']);
    expect(cache.isCurrent(body)).toBe(false);
    cache.adopt(body, { reads: ['video_authors'], current: true });
    expect(cache.computationOf(body)).toBe(computation);
  });

  it('prepares both forms ahead on its worker, and requests share them', async () => {
    const cache = new AggregateCache();
    try {
      const body = Buffer.from(
        JSON.stringify({ members: Array.from({ length: 5000 }, (_, id) => ({ id })) }),
      );
      const kept = cache.adopt(body, { reads: ['video_authors'], current: true });
      const prepared = cache.prepare(kept);
      const [br, gzip] = [cache.compressed(kept, 'br'), cache.compressed(kept, 'gzip')];
      await prepared;
      expect(brotliDecompressSync(await br).equals(body)).toBe(true);
      expect(gunzipSync(await gzip).equals(body)).toBe(true);
      expect(await cache.compressed(kept, 'br')).toBe(await br);
      await cache.prepare(kept); // nothing left to make
      expect(await cache.compressed(kept, 'gzip')).toBe(await gzip);
    } finally {
      await cache.onModuleDestroy();
    }
  });

  it('makes the forms of a small answer in place (brotli quality 1, then 5 when kept), of a large one in the thread pool (5)', async () => {
    const cache = new AggregateCache();
    const brotliAt = (body: Buffer, quality: number) =>
      promisify(brotliCompress)(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: quality,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
    const json = (size: number, tag: string) =>
      Buffer.from(JSON.stringify(Array.from({ length: size / 20 }, (_, id) => ({ id, n: `${tag}${id}` }))));
    try {
      // Not kept (an answer passing through): its quick form is the one it keeps.
      const passing = json(2_000, 'p');
      const passingBr = await cache.compressed(passing, 'br');
      expect(passingBr.equals(await brotliAt(passing, 1))).toBe(true);
      for (const size of [2_000, 15_000, 40_000]) {
        const body = cache.adopt(json(size, 'c'), { reads: ['creators'], current: true });
        const br = await cache.compressed(body, 'br');
        expect(br.equals(await brotliAt(body, body.length < 16 * 1024 ? 1 : 5))).toBe(true);
        expect(brotliDecompressSync(br).equals(body)).toBe(true);
        const gz = await cache.compressed(body, 'gzip');
        expect(gz.equals(await promisify(gzip)(body))).toBe(true);
        expect(await cache.compressed(body, 'gzip')).toBe(gz);
        if (body.length < 16 * 1024) {
          // The kept answer's form is made again at quality 5, off the event loop.
          const better = await brotliAt(body, 5);
          const deadline = Date.now() + 5_000;
          while (!(await cache.compressed(body, 'br')).equals(better) && Date.now() < deadline)
            await new Promise((resolve) => setTimeout(resolve, 10));
          expect((await cache.compressed(body, 'br')).equals(better)).toBe(true);
        }
      }
      expect(await cache.compressed(passing, 'br')).toBe(passingBr);
    } finally {
      await cache.onModuleDestroy();
    }
  });

  it('makes the forms itself once its worker is gone', async () => {
    const cache = new AggregateCache();
    await cache.onModuleDestroy();
    const body = Buffer.from('{"a":1}'.repeat(500));
    await cache.prepare(body);
    expect(gunzipSync(await cache.compressed(body, 'gzip')).equals(body)).toBe(true);
    expect(brotliDecompressSync(await cache.compressed(body, 'br')).equals(body)).toBe(true);
  });
});
