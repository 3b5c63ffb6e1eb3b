import type {} from 'altcha/types/global';
// The external build: the default one starts its workers from blob: URLs and would need the Content-Security-Policy
// to allow them; these workers are files of the app, served from its own origin as the policy allows.
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ShaWorker from 'altcha/workers/sha?worker';

for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) {
  $altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
}
for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) {
  $altcha.algorithms.set(algorithm, () => new ShaWorker());
}
