// The screens of issue 27's online seams, in English and Arabic, on a
// desktop and a phone: a spectator shown a seated player's unconfirmed word
// (a guest of our own, hostile.js, resigns to it alone), and the offer of a
// game sent by link that is not the player's own. Run by `make review`
// (into target/review).
import { startSignalling } from './bench-setup.mjs';
import { everywhere } from './shots.mjs';
import { hostile, roomOf, signed, seatHello, takeSeat } from './specs/hostile.js';

startSignalling();

/** A room of `name`'s (Seega 5×5, a minute a side when `timed`) made on
 * `page`; its link. */
async function room(page, url, label, name, timed) {
  await page.goto(`${url}/`);
  await page.getByRole('button', { name: label }).click();
  await page.getByTestId('nav-online').click();
  await page.getByTestId('variant-seega5').check();
  await page.getByTestId('online-name').fill(name);
  if (timed) {
    await page.getByTestId('time-control').selectOption('custom');
    await page.getByTestId('time-minutes').fill('1');
    await page.getByTestId('time-increment').fill('0');
  }
  await page.getByTestId('start').click();
  await page.getByTestId('invitation-qr').locator('svg').waitFor();
  return page.getByTestId('invitation-link').inputValue();
}

/** Waits until `peer` received a message that `match`es; returns it. */
async function heard(peer, match) {
  for (let i = 0; i < 200; i++) {
    const found = (await peer.received()).find(match);
    if (found) return found.text;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('nothing heard');
}

await everywhere({
  port: 4181,
  tag: 's',
  wanted: {},
  scene: async ({ page, url, language, label, shot, more }) => {
    const ar = language === 'ar';
    const host = await more();
    const link = await room(host, url, label, ar ? 'أمل' : 'Amel', true);
    const code = roomOf(link);
    const browser = { newContext: () => host.context().browser().newContext({ baseURL: url }) };
    const evil = await hostile(browser, code, { onOffer: 'honest', onNewPeer: 'honest' });
    const [hostId] = await evil.connected(1);
    const { seat, cert } = await takeSeat(evil, hostId, code, 'Mallory', heard);
    await page.goto(link);
    await page.getByRole('button', { name: label }).click();
    await page.getByTestId('watching').waitFor();
    await evil.connected(2);
    const [watcherId] = await evil.joined();
    await evil.send(watcherId, seatHello(seat, code, 'guest', 'second', 'Mallory', 0, watcherId, cert));
    await evil.send(watcherId, signed(seat, code, 'guest', 1, 'resign'));
    await page.getByTestId('online-unconfirmed').waitFor();
    await shot('spectator-unconfirmed');
    await evil.close();
    await host.context().close();
    // A game sent by link from a room this browser has no game of.
    const sender = await more();
    await room(sender, url, label, ar ? 'يوسف' : 'Youssef', false);
    await sender.getByTestId('by-link-start').click();
    await sender.locator('.square.placeable').first().click();
    await sender.locator('.square.placeable').first().click();
    const game = await sender.getByTestId('by-link').inputValue();
    await sender.context().close();
    await page.goto(game);
    await page.getByTestId('link-offer').waitFor();
    await shot('link-offer');
  },
});
