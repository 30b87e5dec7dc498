
// Table Companion (added by bin/publish): Pyodide starts as soon as the page creates this worker, beside the
// web client's own start instead of after it (the client asks for Python only once it runs), and from the
// build's memory snapshot when there is one: Python already started, the app's start-up modules imported.
async function pythonSnapshot() {
  try {
    const response = await fetch(new URL("python-snapshot.bin.gz", self.location.href));
    if (!response.ok) {
      return undefined;
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) {
      return bytes;  // a host that served it with Content-Encoding: gzip, already unpacked by the browser
    }
    const unpacked = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(unpacked).arrayBuffer());
  } catch (error) {
    console.warn("no Python snapshot:", error);
    return undefined;
  }
}

async function startPyodide() {
  const [{ loadPyodide }, snapshot] = await Promise.all([
    import(new URL("pyodide/pyodide.mjs", self.location.href)), pythonSnapshot()]);
  const options = {
    stdout: (text) => self.sendPythonOutput(text, false),
    stderr: (text) => self.sendPythonOutput(text, true),
  };
  if (snapshot === undefined) {
    return loadPyodide(options);
  }
  let pyodide;
  try {
    pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
  } catch (error) {  // a snapshot this Pyodide cannot restore: start it the ordinary way
    console.warn("Python snapshot not restored:", error);
    return loadPyodide(options);
  }
  // Every phone restores the same memory: the random generator would repeat the same draws on each of them.
  pyodide.runPython("import random; random.seed()");
  return pyodide;
}

self.earlyPyodide = startPyodide().then((pyodide) => {
  console.log(`Pyodide ready at ${Math.round(performance.timeOrigin + performance.now())} ms since 1970`);
  return pyodide;
});
self.earlyPyodide.catch(() => {});  // reported where initPyodide awaits it
