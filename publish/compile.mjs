// Compile the app archive to bytecode with the build's own Pyodide (its Python is not the host's), then take
// a memory snapshot of a fresh Pyodide with the app's start-up modules imported (see snapshot.py):
// node compile.mjs <pyodide.mjs> <app.zip> <entry module> <snapshot.bin.gz>   (rewrites the archive in place)
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

const [pyodideModule, archive, entryModule, snapshot] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideModule).href);
const options = { stdout: () => {}, stderr: (line) => console.error(line) };
const script = (name) => fs.readFileSync(new URL(name, import.meta.url), "utf8");

const compiler = await loadPyodide(options);
compiler.FS.writeFile("/tmp/app.zip", new Uint8Array(fs.readFileSync(archive)));
compiler.runPython(script("compile.py"));
fs.writeFileSync(archive, compiler.FS.readFile("/tmp/app.zip"));

const py = await loadPyodide({ ...options, _makeSnapshot: true });
const memory = py._module.HEAP8.length;  // a restore copies the snapshot into a new Pyodide's memory, never grows it
py.FS.writeFile("/tmp/app.zip", compiler.FS.readFile("/tmp/app.zip"));
py.globals.set("ENTRY_MODULE", entryModule);
py.runPython(script("snapshot.py"));
py.globals.delete("ENTRY_MODULE");
const image = py.makeMemorySnapshot();
if (py._module.HEAP8.length > memory) {
  console.error(`no Python snapshot: the app's start-up needs ${py._module.HEAP8.length} bytes, a new Pyodide has ${memory}`);
  fs.rmSync(snapshot, { force: true });
} else {
  fs.writeFileSync(snapshot, zlib.gzipSync(image, { level: 6 }));
}
