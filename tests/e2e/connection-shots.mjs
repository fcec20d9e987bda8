// The screens of issue 29, in English and Arabic, on a desktop and a
// phone: a connected room showing how the other side is reached (direct,
// with the round trip), and both pages of a room that cannot connect (the
// guest's browser finds no path: relay only, and no relay). Run by
// `make review` (into target/review).
import { startSignalling } from './bench-setup.mjs';
import { everywhere } from './shots.mjs';

startSignalling();

/** A room of `name`'s (Seega 5×5) made on `page`; its link. */
async function room(page, url, label, name) {
  await page.goto(`${url}/`);
  await page.getByRole('button', { name: label }).click();
  await page.getByTestId('nav-online').click();
  await page.getByTestId('variant-seega5').check();
  await page.getByTestId('online-name').fill(name);
  await page.getByTestId('start').click();
  await page.getByTestId('invitation-qr').locator('svg').waitFor();
  return page.getByTestId('invitation-link').inputValue();
}

/** The page's browser finds no path to anyone (as behind a carrier's NAT
 * with no relay). */
function noPath() {
  const Real = window.RTCPeerConnection;
  const Blocked = function (config) {
    return new Real({ ...(config ?? {}), iceServers: [], iceTransportPolicy: 'relay' });
  };
  Blocked.prototype = Real.prototype;
  window.RTCPeerConnection = Blocked;
}

await everywhere({
  port: 4182,
  tag: 'c',
  wanted: {},
  scene: async ({ page, url, language, label, shot, more }) => {
    const ar = language === 'ar';
    // Connected: the path and its round trip under the status.
    const host = await more();
    const link = await room(host, url, label, ar ? 'أمل' : 'Amel');
    await page.goto(link);
    await page.getByRole('button', { name: label }).click();
    await page.getByTestId('join-name').fill(ar ? 'يوسف' : 'Youssef');
    await page.getByTestId('join').click();
    await page.getByTestId('online-path').filter({ hasText: /\d/ }).waitFor();
    await shot('path');
    await host.context().close();
    // No path: the guest's words, then the host's.
    const lonely = await more();
    const invitation = await room(lonely, url, label, ar ? 'أمل' : 'Amel');
    const guest = await more();
    await guest.context().addInitScript(noPath);
    await guest.goto(`${url}/`);
    await guest.getByRole('button', { name: label }).click();
    await guest.goto(invitation);
    await guest.getByTestId('online-no-path').waitFor({ timeout: 20_000 });
    await shot('no-path-guest', guest);
    await lonely.getByTestId('online-no-path').waitFor({ timeout: 20_000 });
    await shot('no-path-host', lonely);
    await guest.context().close();
    await lonely.context().close();
  },
});
