// Table Companion (copied by bin/publish): makes the snapshot of Python's memory that later starts restore
// (worker.js starts it a little after an ordinary start, with app.zip's bytes and the name to keep it under).
// What snapshot.py imports is in memory; the snapshot is kept gzipped in its own cache, the only one there.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const SNAPSHOTS = "python-snapshot";

self.onmessage = async ({ data: { archive, key } }) => {
  try {
    const [script, py] = await Promise.all([
      fetch(new URL("python-snapshot.py", self.location.href)).then((response) => response.text()),
      loadPyodide({ _makeSnapshot: true, stdout: () => {}, stderr: (line) => console.warn(line) })]);
    py.FS.writeFile("/tmp/app.zip", new Uint8Array(archive));
    py.runPython(script);
    const packed = new Blob([py.makeMemorySnapshot()]).stream().pipeThrough(new CompressionStream("gzip"));
    const cache = await caches.open(SNAPSHOTS);
    await Promise.all((await cache.keys()).map((old) => cache.delete(old)));
    await cache.put(key, new Response(packed, { headers: { "Content-Type": "application/gzip" } }));
    self.postMessage("Python snapshot made");
  } catch (error) {
    console.warn("no Python snapshot made:", error);
    self.postMessage("Python snapshot not made");
  }
};
