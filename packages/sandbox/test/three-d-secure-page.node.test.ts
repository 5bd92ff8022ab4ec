// The sandbox issuer's 3-D Secure page, as the widget's iframe shows it: a
// page a screen reader and a keyboard can use (its language, a title, a main
// landmark with a heading, buttons named by their text, a focus ring the
// page's style never takes away), read from the HTML the sandbox serves.
import { Window } from 'happy-dom';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openSandbox, type Client } from './client.js';

let client: Client;

beforeAll(async () => {
  client = await openSandbox();
});
afterAll(() => client.sandbox.close());

/** The challenge page of a payment with the sandbox's 3-D Secure card, parsed. */
async function challengePage(): Promise<Document> {
  const id = await client.checkout();
  const paid = await client.shopperPays(id, { 'card.number': '4000000000003220' });
  expect(paid.body.redirect?.url).toBeTypeOf('string');
  const answer = await fetch(paid.body.redirect.url as string);
  expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
  const window = new Window();
  return new window.DOMParser().parseFromString(await answer.text(), 'text/html') as unknown as Document;
}

it('says its language and what it is: lang, a title, a main landmark with a heading', async () => {
  const page = await challengePage();
  expect(page.documentElement.getAttribute('lang')).toBe('en');
  expect(page.title).toBe('3-D Secure authentication');
  const main = page.querySelectorAll('main');
  expect(main).toHaveLength(1);
  expect(main[0]!.querySelector('h1')?.textContent).toBe('Confirm your payment');
});

it('offers its two outcomes as submit buttons named by their text', async () => {
  const page = await challengePage();
  const buttons = Array.from(page.querySelectorAll('main form button'));
  expect(buttons.map((button) => [button.getAttribute('type'), button.textContent, button.id])).toEqual([
    ['submit', 'Complete authentication', 'complete'],
    ['submit', 'Fail authentication', 'fail'],
  ]);
  expect(page.querySelectorAll('[tabindex]')).toHaveLength(0);
});

it('draws a focus ring on its buttons and takes no outline away', async () => {
  const style = (await challengePage()).querySelector('style')?.textContent ?? '';
  expect(style).toMatch(/button:focus-visible[^{]*\{outline:3px solid #1d1d1f/);
  expect(style).not.toMatch(/outline:\s*(0|none)/);
});
