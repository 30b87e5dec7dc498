
// Table Companion (added by bin/publish): Pyodide starts as soon as the page creates this worker, beside the
// web client's own start instead of after it (the client asks for Python only once it runs), and from a snapshot
// of its memory when this phone has made one: Python already started, the app's start-up modules imported.

// The start's steps go to the page (page.html: flet.marks), as ms since 1970: the worker's clock starts later.
const marks = new BroadcastChannel("table-companion-marks");
self.flet_js.mark = (name) => marks.postMessage([name, performance.timeOrigin + performance.now()]);
self.flet_js.mark("worker started");
// Python's memory snapshot is made on the phone (snapshot-maker.js), once for each app.zip, and kept in a cache of
// its own (an update of the build leaves it; an unchanged archive keeps its snapshot): the host never sends one,
// 10 MB that changed with any change to the app. Without one, Python starts the ordinary way, and the snapshot is
// made in the background a little after, once the page says the player is not tapping (page.html).
const SNAPSHOTS = "python-snapshot";
const SNAPSHOT_DELAY_MS = 5_000;  // after the app is up: the first screen does not wait for it

function whenIdle() {
  const idle = new BroadcastChannel("table-companion-idle");
  return new Promise((resolve) => {
    idle.onmessage = () => {
      idle.close();
      resolve();
    };
    idle.postMessage("when idle");
  });
}

async function snapshotKey(archive) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", archive));
  return `snapshot-${[...digest.slice(0, 8)].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

async function pythonSnapshot(key) {
  try {
    const packed = key && await (await caches.open(SNAPSHOTS)).match(key);
    if (!packed) {
      return undefined;
    }
    const unpacked = packed.body.pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(unpacked).arrayBuffer());
  } catch (error) {
    console.warn("no Python snapshot:", error);
    return undefined;
  }
}

function makeSnapshot(archive, key) {
  const maker = new Worker(new URL("snapshot-maker.js", self.location.href), { type: "module" });
  maker.onmessage = (event) => {
    self.flet_js.mark(event.data);
    maker.terminate();
  };
  maker.postMessage({ archive, key });  // a copy: this worker unpacks the same bytes
}

// Pyodide's runtime, loaded beside the snapshot: loadPyodide would import its script (1.2 MB of JavaScript) and
// compile its WebAssembly module only once it is called, after the snapshot is read (2.2 s then, on a loaded
// machine, before Python could start). Returns the compiled module (null if it could not be compiled here).
const runtimeFile = (name) => new URL(`pyodide/${name}`, self.location.href);
function loadRuntime() {
  import(runtimeFile("pyodide.asm.mjs")).catch(() => {});  // the module loadPyodide imports: then already loaded
  return WebAssembly.compileStreaming(fetch(runtimeFile("pyodide.asm.wasm"))).catch(() => null);
}

// Pyodide instantiated from the module compiled early; and when there is a snapshot, with more memory: Pyodide
// copies a snapshot into the memory its WebAssembly module starts with (30 MB), which the app's modules outgrow,
// so that memory is grown to the snapshot's size as soon as the module is instantiated. Pyodide fetches its module
// again to instantiate it: that fetch gets an empty answer when the module compiled early is there (the first
// visit downloaded it twice).
async function withRuntime(compiling, snapshot, load) {
  const { instantiate, instantiateStreaming } = WebAssembly;
  const fetchFile = self.fetch;
  const runtime = runtimeFile("pyodide.asm.wasm").href;
  self.fetch = async (input, init) => String(input) === runtime && await compiling
    ? new Response(new Uint8Array(0), { headers: { "Content-Type": "application/wasm" } })
    : fetchFile(input, init);
  const grown = async (result) => {
    const memory = (result.instance || result).exports.memory;
    if (snapshot && memory instanceof WebAssembly.Memory && memory.buffer.byteLength < snapshot.length) {
      memory.grow(Math.ceil((snapshot.length - memory.buffer.byteLength) / 65536));
    }
    return result;
  };
  WebAssembly.instantiate = (...args) => instantiate(...args).then(grown);
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const compiled = await compiling;
    return grown(compiled ? { instance: await instantiate(compiled, imports), module: compiled }
                          : await instantiateStreaming(source, imports));
  };
  try {
    return await load();
  } finally {
    self.fetch = fetchFile;
    WebAssembly.instantiate = instantiate;
    WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}

// app.zip's files as [name, promise of its bytes], read as Python restores (Python's zipfile, after the restore,
// took 1.2 s on a loaded machine): a zip's central directory, at its end, lists each file and where its local
// header is; the file's bytes follow that header. bin/publish stores them as they are (inflating 539 files in
// this thread held up the restore 1.5 s); a deflated file is inflated by the browser.
function unzip(archive) {
  const zip = new DataView(archive);
  let end = archive.byteLength - 22;
  while (zip.getUint32(end, true) !== 0x06054b50) {
    end -= 1;
  }
  const names = new TextDecoder();
  const files = [];
  for (let i = 0, at = zip.getUint32(end + 16, true); i < zip.getUint16(end + 10, true); i += 1) {
    const [method, size, nameLength] = [zip.getUint16(at + 10, true), zip.getUint32(at + 20, true),
                                        zip.getUint16(at + 28, true)];
    const name = names.decode(new Uint8Array(archive, at + 46, nameLength));
    const local = zip.getUint32(at + 42, true);
    const start = local + 30 + zip.getUint16(local + 26, true) + zip.getUint16(local + 28, true);
    const stored = new Uint8Array(archive, start, size);
    at += 46 + nameLength + zip.getUint16(at + 30, true) + zip.getUint16(at + 32, true);
    if (!name.endsWith("/")) {
      files.push([name, method === 0 ? stored : new Response(new Blob([stored]).stream()
        .pipeThrough(new DecompressionStream("deflate-raw"))).arrayBuffer().then((bytes) => new Uint8Array(bytes))]);
    }
  }
  return files;
}

async function startPyodide() {
  const archive = fetch(new URL("app.zip", self.location.href))
    .then((response) => response.ok ? response.arrayBuffer() : null).catch(() => null);
  const key = archive.then((bytes) => bytes && snapshotKey(bytes)).catch(() => null);
  const runtime = loadRuntime();  // beside the snapshot
  const [{ loadPyodide }, snapshot] = await Promise.all([
    import(new URL("pyodide/pyodide.mjs", self.location.href)).then((module) => {
      self.flet_js.mark("Pyodide's script loaded");
      return module;
    }),
    key.then(pythonSnapshot).then((bytes) => {
      self.flet_js.mark(bytes ? "snapshot loaded" : "no snapshot yet");
      return bytes;
    })]);
  const options = {
    stdout: (text) => self.sendPythonOutput(text, false),
    stderr: (text) => self.sendPythonOutput(text, true),
  };
  if (snapshot === undefined) {
    const pyodide = await withRuntime(runtime, undefined, () => loadPyodide(options));
    Promise.all([archive, key]).then(([bytes, name]) => bytes && name &&
      setTimeout(() => whenIdle().then(() => makeSnapshot(bytes, name)), SNAPSHOT_DELAY_MS));
    return pyodide;
  }
  const unzipped = archive.then((bytes) => bytes && unzip(bytes));  // inflated while Python restores
  let pyodide;
  try {
    pyodide = await withRuntime(runtime, snapshot, () => loadPyodide({ ...options, _loadSnapshot: snapshot }));
  } catch (error) {  // a snapshot this Pyodide cannot restore: start it the ordinary way, and make another
    console.warn("Python snapshot not restored:", error);
    await caches.open(SNAPSHOTS).then(async (cache) => cache.delete(await key)).catch(() => {});
    return withRuntime(runtime, undefined, () => loadPyodide(options));
  }
  self.flet_js.mark("Python restored");
  // Every phone restores the same memory: the random generator would repeat the same draws on each of them.
  pyodide.runPython("import random; random.seed()");
  const files = await unzipped.catch(() => null);
  if (files && pyodide.globals.has("IN_MEMORY")) {  // snapshot.py: the files of the modules already in memory
    const [inMemory, home] = [pyodide.globals.get("IN_MEMORY"), pyodide.globals.get("HOME")];
    try {
      for (const [name, bytes] of files) {
        if (!inMemory.has(name)) {
          const path = `${home}/${name}`;
          pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
          pyodide.FS.writeFile(path, await bytes);
        }
      }
      pyodide.runPython("import importlib; importlib.invalidate_caches()");
      self.flet_js.appUnpacked = true;  // the worker's own start then skips its download (build.py)
      self.flet_js.mark("app archive unpacked");
    } catch (error) {  // the worker's own start downloads and unpacks the whole archive
      console.warn("app.zip not unpacked early:", error);
    } finally {
      inMemory.destroy();
    }
  }
  return pyodide;
}

self.earlyPyodide = startPyodide().then((pyodide) => {
  self.flet_js.mark("Python ready");
  return pyodide;
});
self.earlyPyodide.catch(() => {});  // reported where initPyodide awaits it
