// Compile the app archive to bytecode with the build's own Pyodide (its Python is not the host's):
// node compile.mjs <pyodide.mjs> <app.zip>   (rewrites the archive in place)
import fs from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideModule, archive] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideModule).href);
const py = await loadPyodide({ stdout: () => {}, stderr: (line) => console.error(line) });
py.FS.writeFile("/tmp/app.zip", new Uint8Array(fs.readFileSync(archive)));
py.runPython(fs.readFileSync(new URL("compile.py", import.meta.url), "utf8"));
fs.writeFileSync(archive, py.FS.readFile("/tmp/app.zip"));
