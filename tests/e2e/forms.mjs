// Steps on the app's forms that the specs and the scripts (benches,
// screenshots) share. Only the page's own API: no test runner here, so a
// script can use them as a spec does.

/**
 * Fills the tournament form: its `name`, and, where given, the `game`,
 * `format`, `rounds` and `place`, in the form's order.
 */
export async function fillTournament(page, { name, game, format, rounds, place }) {
  await page.getByTestId('tournament-name').fill(name);
  if (game) await page.getByTestId('tournament-game').selectOption(game);
  if (format) await page.getByTestId('tournament-format').selectOption(format);
  if (rounds) await page.getByTestId('tournament-rounds').fill(rounds);
  if (place) await page.getByTestId('tournament-place').selectOption(place);
}

/** Starts an online tournament from the form (`fillTournament`'s fields);
 * returns the link the players join by. */
export async function organizeOnline(page, fields) {
  await fillTournament(page, { ...fields, place: 'online' });
  await page.getByTestId('tournament-start').click();
  return page.getByTestId('tournament-link').inputValue();
}
