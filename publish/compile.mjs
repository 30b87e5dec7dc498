// Compile the app archive to bytecode with the build's own Pyodide (its Python is not the host's):
// node compile.mjs <pyodide.mjs> <app.zip>  (rewrites the archive)
import fs from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideModule, archive] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideModule).href);
const compiler = await loadPyodide({ stdout: () => {}, stderr: (line) => console.error(line) });
compiler.FS.writeFile("/tmp/app.zip", new Uint8Array(fs.readFileSync(archive)));
compiler.runPython(fs.readFileSync(new URL("compile.py", import.meta.url), "utf8"));
fs.writeFileSync(archive, compiler.FS.readFile("/tmp/app.zip"));
