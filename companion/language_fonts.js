// Japanese is drawn in Table Sans JP from the first frame, and no other language downloads it (theme.LANGUAGE_FONTS).
// Flutter's web engine counts only the fonts of its font manifest when it decides that a character needs a fallback
// font, which the app does not ship: a page that starts in a language with a font of its own (the language saved in
// this browser, else the browser's) puts that font in Table Gothic's place in the manifest the engine reads.
(() => {
  const FONTS = {FONTS};
  let lang = null;
  try {
    lang = JSON.parse(localStorage.getItem({PREFERENCE}));
  } catch (error) {
    // no saved language (or no storage): the browser's
  }
  const [asset] = Object.values(FONTS[lang || (navigator.language || "").split("-")[0].toLowerCase()] || {});
  if (!asset) {
    return;
  }
  const fetchFile = window.fetch.bind(window);
  window.fetch = async (resource, options) => {
    const response = await fetchFile(resource, options);
    const url = typeof resource === "string" ? resource : resource.url || String(resource);
    if (!response.ok || !url.endsWith("assets/FontManifest.json")) {
      return response;
    }
    const manifest = await response.json();
    // in place of Table Gothic, not beside it: the engine draws a family with one of its typefaces, picked by
    // whichever loads first, and leaves blank what that one lacks (the language's font holds Table Gothic's glyphs)
    const entry = manifest.find((font) => font.family === {FAMILY});
    if (entry) {
      entry.fonts = [{ asset: `../${asset}` }];
    }
    return new Response(JSON.stringify(manifest), { headers: { "Content-Type": "application/json" } });
  };
})();
