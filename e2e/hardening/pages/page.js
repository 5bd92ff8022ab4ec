// Loads the bundle of the binding named in ?binding= (built next to this file by the tests).
const binding = new URLSearchParams(location.search).get('binding') ?? 'core';
if (!/^[a-z]+$/.test(binding)) throw new Error('binding must be a lower-case name');
await import(`./${binding}.js`);
