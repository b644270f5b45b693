import { threadId } from 'node:worker_threads';
import { drawCard, type CardContent } from './card';
import { CardDrawer, CardNotDrawn } from './card-drawer';

const card = (name: string): CardContent => ({ people: [{ name }], title: name, lines: ['3 videos'] });
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The drawer's thread, or null: what its callers cannot reach, so that a test can end it. */
const threadOf = (drawer: CardDrawer) =>
  (drawer as unknown as { worker: { terminate(): Promise<number>; threadId: number } | null }).worker;

describe('CardDrawer', () => {
  // The thread compiles the card's modules from the sources on its start: seconds under a busy machine.
  jest.setTimeout(60_000);

  it('draws on a thread of its own the same PNG the card module draws', async () => {
    const drawer = new CardDrawer();
    try {
      const png = await drawer.draw(card('兎田ぺこら'));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(pngSize(png)).toEqual([1200, 630]);
      expect(threadOf(drawer)?.threadId).not.toBe(threadId);
      expect(png.equals(await drawCard(card('兎田ぺこら')))).toBe(true);
    } finally {
      await drawer.close();
    }
  });

  it('draws one card at a time, first come first served', async () => {
    const drawer = new CardDrawer();
    try {
      const finished: string[] = [];
      const names = ['Ada', 'Bo', 'Cy', 'Di'];
      const pngs = await Promise.all(
        names.map((name) => drawer.draw(card(name)).then((png) => (finished.push(name), png))),
      );
      expect(finished).toEqual(names);
      expect(new Set(pngs.map((png) => png.toString('base64'))).size).toBe(names.length);
    } finally {
      await drawer.close();
    }
  });

  it('ends its thread when idle, and starts one again for the next card', async () => {
    const drawer = new CardDrawer(300);
    try {
      expect(drawer.threadRunning).toBe(false);
      await drawer.draw(card('Ada'));
      expect(drawer.threadRunning).toBe(true);
      const deadline = Date.now() + 10_000;
      while (drawer.threadRunning && Date.now() < deadline) await sleep(50);
      expect(drawer.threadRunning).toBe(false);
      expect(pngSize(await drawer.draw(card('Bo')))).toEqual([1200, 630]);
    } finally {
      await drawer.close();
    }
  });

  it('fails the card in hand when its thread dies, and draws the next on a new thread', async () => {
    const drawer = new CardDrawer();
    try {
      await drawer.draw(card('Ada'));
      const first = threadOf(drawer)!;
      const lost = drawer.draw(card('Bo'));
      await first.terminate();
      await expect(lost).rejects.toBeInstanceOf(CardNotDrawn);
      expect(pngSize(await drawer.draw(card('Cy')))).toEqual([1200, 630]);
      expect(threadOf(drawer)?.threadId).not.toBe(first.threadId);
    } finally {
      await drawer.close();
    }
  });

  it('refuses the cards not drawn yet when closed, and every card after', async () => {
    const drawer = new CardDrawer();
    const outcomes = [drawer.draw(card('Ada')), drawer.draw(card('Bo'))].map((draw) =>
      draw.then(
        () => 'drawn',
        (error: unknown) => error,
      ),
    );
    await drawer.close();
    for (const outcome of await Promise.all(outcomes)) expect(outcome).toBeInstanceOf(CardNotDrawn);
    await expect(drawer.draw(card('Cy'))).rejects.toBeInstanceOf(CardNotDrawn);
    expect(drawer.threadRunning).toBe(false);
  });
});
