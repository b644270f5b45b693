import { WorkerJobLost } from '../common/worker-queue';
import { drawCard, type CardContent } from './card';
import { CardDrawer } from './card-drawer';

const card = (name: string): CardContent => ({ people: [{ name }], title: name, lines: ['3 videos'] });
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

describe('CardDrawer', () => {
  // The process compiles the card's modules from the sources on its start: seconds under a busy machine.
  jest.setTimeout(60_000);

  it('draws in a process of its own the same PNG the card module draws, in the order asked', async () => {
    const drawer = new CardDrawer();
    try {
      const finished: string[] = [];
      const names = ['兎田ぺこら', 'Ada', 'Bo'];
      const pngs = await Promise.all(
        names.map((name) => drawer.draw(card(name)).then((png) => (finished.push(name), png))),
      );
      expect(finished).toEqual(names);
      expect(pngs.map(pngSize)).toEqual(names.map(() => [1200, 630]));
      expect(pngs[0]!.equals(await drawCard(card('兎田ぺこら')))).toBe(true);
      const child = (drawer as unknown as { queue: { child: { pid: number } | null } }).queue.child;
      expect(child?.pid).not.toBe(process.pid);
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
    for (const outcome of await Promise.all(outcomes)) expect(outcome).toBeInstanceOf(WorkerJobLost);
    await expect(drawer.draw(card('Cy'))).rejects.toBeInstanceOf(WorkerJobLost);
    expect(drawer.processRunning).toBe(false);
  });
});
