// The app's QR scanner: the camera (getUserMedia), a decoder (the browser's BarcodeDetector where it has one,
// else jsQR), and a series of codes read in turn, in any order; the app checks what it read.
// On the server the scanner is a page of its own (scan.html); in the phone build, whose service worker answers
// every navigation with the app's page, it opens over the app when the app asks on the broadcast channel
// (companion/platform.py), and answers "closed", or "scanned" and the codes, one a line (the app's preferences
// are read from local storage only when it starts).
(() => {
  const PREFIX = "flutter.table_companion.";
  const HEADER = /^TC(\d+)([A-Z]):(\d+)\/(\d+):([0-9A-F]{8}):/;
  const CHANNEL = "table-companion-scanner";
  const folder = new URL(".", document.currentScript.src);

  const words = () => JSON.parse(JSON.parse(localStorage.getItem(PREFIX + "scan_words") || '"{}"'));
  const say = (key, params = {}) => (words()[key] || "").replace(/\{(\w+)\}/g, (_, name) => params[name]);
  const keep = (codes) => localStorage.setItem(PREFIX + "share_inbox", JSON.stringify(codes.join("\n")));

  const decoder = async () => {
    if ("BarcodeDetector" in window) {
      const detector = new BarcodeDetector({formats: ["qr_code"]});
      return async (canvas) => (await detector.detect(canvas).catch(() => []))[0]?.rawValue || null;
    }
    if (!window.jsQR) {
      await new Promise((loaded, failed) => {
        const script = Object.assign(document.createElement("script"), {src: new URL("jsQR.js", folder)});
        script.onload = loaded;
        script.onerror = failed;
        document.head.append(script);
      });
    }
    return async (canvas) => {
      const image = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
      return jsQR(image.data, image.width, image.height, {inversionAttempts: "attemptBoth"})?.data || null;
    };
  };

  // Film into `video`, telling `status` how far a series is, until a share is whole or a code is not one of ours
  // (the app says why): then `done(codes)`. Returns a function that stops the camera.
  const scan = async (video, status, done) => {
    let stream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({video: {facingMode: "environment"}, audio: false});
    } catch (error) {
      status.textContent = say("no_camera", {reason: error.name});
      return () => {};
    }
    const stop = () => stream.getTracks().forEach((track) => track.stop());
    video.srcObject = stream;
    await video.play();
    const decode = await decoder();
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("2d", {willReadFrequently: true});
    let series = null;  // {checksum, count, parts: Map(number -> code)}
    const read = (text) => {
      const header = HEADER.exec(text);
      if (!header) return [text];
      const [, , , number, count, checksum] = header;
      if (!series || series.checksum !== checksum) series = {checksum, count: +count, parts: new Map()};
      series.parts.set(+number, text);
      status.textContent = say("read", {n: series.parts.size, count: series.count});
      return series.parts.size < series.count ? null
        : [...series.parts.keys()].sort((a, b) => a - b).map((n) => series.parts.get(n));
    };
    const tick = async () => {
      if (!stream.active) return;
      if (video.readyState >= 2 && video.videoWidth) {
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        context.drawImage(video, 0, 0);
        const text = await decode(canvas);
        const codes = text && read(text);
        if (codes) {
          stop();
          done(codes);
          return;
        }
      }
      setTimeout(tick, 120);
    };
    tick();
    return stop;
  };

  // The scanner's screen: the camera's picture, a title, how far a series is, and a way back.
  const screen = (parent, back) => {
    const video = Object.assign(document.createElement("video"), {playsInline: true, muted: true});
    video.style.cssText = "width:100%;max-height:70vh;object-fit:cover;background:#000";
    const line = (text) => Object.assign(document.createElement("p"), {textContent: text});
    const title = line(say("title"));
    const status = line("");
    const button = Object.assign(document.createElement("button"), {textContent: say("back"), onclick: back});
    button.style.cssText = "font-size:16px;padding:10px 22px;border-radius:20px;border:0;background:#9ccaff;" +
      "color:#00325a";
    parent.style.cssText += ";font:16px sans-serif;background:#101418;color:#e6e9ed;text-align:center";
    parent.append(video, title, status, button);
    return {video, status};
  };

  window.tableScanner = {keep, scan, screen};

  // In the phone build: over the app, when the app asks.
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = async (event) => {
    if (event.data !== "open" || document.getElementById("table-scanner")) return;
    const overlay = Object.assign(document.createElement("div"), {id: "table-scanner"});
    overlay.style.cssText = "position:fixed;inset:0;z-index:20;overflow:auto";
    let stop = () => {};
    const close = (answer) => {
      stop();
      overlay.remove();
      channel.postMessage(answer);
    };
    const {video, status} = screen(overlay, () => close("closed"));
    document.body.append(overlay);
    stop = await scan(video, status, (codes) => close(["scanned", ...codes].join("\n")));
  };
})();
