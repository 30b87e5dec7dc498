// Compile the app archive to bytecode with the build's own Pyodide (its Python is not the host's), then take
// a memory snapshot of a fresh Pyodide with the app's start-up modules imported (see snapshot.py):
// node compile.mjs <pyodide.mjs> <app.zip> <entry module> <snapshot.bin.gz> <languages,...>  (rewrites the archive)
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

const [pyodideModule, archive, entryModule, snapshot, languages] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideModule).href);
const options = { stdout: () => {}, stderr: (line) => console.error(line) };
const script = (name) => fs.readFileSync(new URL(name, import.meta.url), "utf8");

const compiler = await loadPyodide(options);
compiler.FS.writeFile("/tmp/app.zip", new Uint8Array(fs.readFileSync(archive)));
compiler.runPython(script("compile.py"));
fs.writeFileSync(archive, compiler.FS.readFile("/tmp/app.zip"));

const py = await loadPyodide({ ...options, _makeSnapshot: true });
py.FS.writeFile("/tmp/app.zip", compiler.FS.readFile("/tmp/app.zip"));
py.globals.set("ENTRY_MODULE", entryModule);
py.globals.set("LOCALES", py.toPy(languages.split(",")));
py.runPython(script("snapshot.py"));
py.globals.delete("ENTRY_MODULE");
py.globals.delete("LOCALES");
// Bigger than a new Pyodide's memory once the app's modules are imported: worker.js grows that memory first.
fs.writeFileSync(snapshot, zlib.gzipSync(py.makeMemorySnapshot(), { level: 6 }));
