// The lab's NATs are what they claim: coturn's turnutils_natdiscovery
// (RFC 5780, against coturn's two addresses) run from each LAN's machine.
import { test, expect } from '@playwright/test';
import { natDiscovery } from './lab.mjs';

test('NAT discovery tells the cone NATs from the symmetric one', async () => {
  const [a, b, c] = await Promise.all(['kh-a', 'kh-b', 'kh-c'].map(natDiscovery));
  for (const [lan, found] of Object.entries({ a, b, c })) {
    console.log(`LAN ${lan.toUpperCase()}: ${found.mapping}, ${found.filtering}`);
  }
  // LAN A and LAN C: one mapping for every destination, and only the
  // address and port a machine wrote to may answer: port-restricted cone.
  for (const cone of [a, c]) {
    expect(cone.mapping, cone.text).toBe('Endpoint Independent Mapping');
    expect(cone.filtering, cone.text).toBe('Address and Port Dependent Filtering');
  }
  // LAN B: a new mapping for each destination: symmetric.
  expect(b.mapping, b.text).toBe('Address and Port Dependent Mapping');
  expect(b.filtering, b.text).toBe('Address and Port Dependent Filtering');
});
