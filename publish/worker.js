
// Table Companion (added by bin/publish): Pyodide starts loading as soon as the page creates this worker,
// beside the web client's own start, instead of after it (the client asks for Python only once it runs).
self.earlyPyodide = import(new URL("pyodide/pyodide.mjs", self.location.href))
  .then(({ loadPyodide }) => loadPyodide({
    stdout: (text) => self.sendPythonOutput(text, false),
    stderr: (text) => self.sendPythonOutput(text, true),
  }))
  .then((pyodide) => {
    console.log(`Pyodide ready at ${Math.round(performance.timeOrigin + performance.now())} ms since 1970`);
    return pyodide;
  });
self.earlyPyodide.catch(() => {});  // reported where initPyodide awaits it
