// Hunt Chess in the browser: loads huntchess.wasm with a progress bar,
// registers the service worker (offline play, installable), turns touches
// into the mouse events Fyne's web driver reads (a finger drag scrolls and
// drags pieces), and keeps a few figures for the browser test
// (window.huntchessPage).
'use strict';

(function () {
  // scripts/web.sh writes the build's ID and the wasm's size (bytes, before
  // any compression) in here; a Content-Length may be the compressed size.
  const BUILD = '__BUILD__';
  const WASM_SIZE = Number('__WASM_SIZE__') || 0;
  const WASM_URL = 'huntchess.wasm';

  // The page speaks the browser's language, as the app does
  // (translations.SystemLanguage): Traditional Chinese for Taiwan, Hong
  // Kong, Macau, a Hant script and Cantonese, Simplified for other Chinese,
  // and English, with the English beside the Chinese.
  const tag = (navigator.language || '').toLowerCase();
  const zh = /^(zh|cmn|yue)\b/.test(tag);
  const hant = zh && !/-hans\b/.test(tag) && (/-hant\b/.test(tag) || /^yue\b/.test(tag) || /-(tw|hk|mo)\b/.test(tag));
  // say gives a message in the page's language first: en, Simplified cn,
  // Traditional tw.
  const say = (en, cn, tw) => (hant ? tw + '\n' + en : zh ? cn + '\n' + en : en + '\n' + cn);
  const name = hant ? 'Hunt Chess · 圍獵棋' : 'Hunt Chess · 围猎棋';

  const loading = document.getElementById('loading');
  const fill = document.getElementById('fill');
  const status = document.getElementById('status');
  if (hant) {
    // index.html is written in English and Simplified Chinese.
    document.documentElement.lang = 'zh-Hant';
    document.title = name;
    loading.querySelector('h1').textContent = name;
    status.textContent = '載入中… · Loading…';
  }

  // Figures read by the browser test (webtest/): page times in ms from
  // navigation start, frame timestamps, errors.
  const page = (window.huntchessPage = {
    build: BUILD,
    wasmBytes: 0,
    downloaded: 0, // ms: the wasm fully received
    started: 0, // ms: go.run called
    inited: 0, // ms: Go's package initialisation done (main_js.go)
    firstFrame: 0, // ms: the app's first WebGL draw call
    exited: false,
    errors: [],
    frames: [], // requestAnimationFrame timestamps, the last 20000
    // maxGap is the longest time between two animation frames whose
    // timestamps lie in [t0, t1] (ms, performance.now() time).
    maxGap(t0, t1) {
      let worst = 0;
      let prev = -1;
      for (const t of this.frames) {
        if (t < t0 || t > t1) continue;
        if (prev >= 0) worst = Math.max(worst, t - prev);
        prev = t;
      }
      return worst;
    },
  });

  function fail(msg) {
    loading.classList.remove('gone');
    loading.classList.add('error');
    status.textContent = msg;
    page.errors.push(msg);
  }

  // What a browser without WebAssembly or WebGL gets: a clear message, not
  // a blank page.
  if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
    fail(say('This browser cannot run WebAssembly, which Hunt Chess needs. Please update it or try another browser.',
      '此浏览器不支持 WebAssembly，无法运行围猎棋。请更新浏览器或换用其他浏览器。',
      '這個瀏覽器不支援 WebAssembly，無法執行圍獵棋。請更新瀏覽器或改用其他瀏覽器。'));
    return;
  }
  {
    const c = document.createElement('canvas');
    if (!(c.getContext('webgl2') || c.getContext('webgl'))) {
      fail(say('This browser has WebGL turned off or missing; Hunt Chess needs it to draw. Turn on hardware acceleration or try another browser.',
        '此浏览器未启用 WebGL，围猎棋需要它来绘图。请开启硬件加速或换用其他浏览器。',
        '這個瀏覽器未啟用 WebGL，圍獵棋需要它來繪圖。請開啟硬體加速或改用其他瀏覽器。'));
      return;
    }
  }

  // Offline play and installing: the service worker caches the site. It is
  // registered once the app has drawn its first frame (registerWorker):
  // its install downloads the whole site again, the wasm among it, which
  // on a first visit would compete with the page's own download and
  // compile for the network and the CPU.
  let workerAsked = false;
  function registerWorker() {
    if (workerAsked) return;
    workerAsked = true;
    if ('serviceWorker' in navigator && window.isSecureContext) {
      navigator.serviceWorker.register('sw.js').catch((e) => console.warn('service worker:', e));
    }
  }

  // The first draw call of the app's WebGL context is its first frame: the
  // loading screen goes then (it hides the blank canvas until the app draws).
  for (const proto of [window.WebGLRenderingContext, window.WebGL2RenderingContext]) {
    if (!proto) continue;
    for (const fn of ['drawArrays', 'drawElements']) {
      const orig = proto.prototype[fn];
      proto.prototype[fn] = function () {
        if (!page.firstFrame) {
          page.firstFrame = performance.now();
          requestAnimationFrame(() => {
            loading.classList.add('gone');
            document.title = name;
            // The page is drawn: now the service worker may fetch the site.
            setTimeout(registerWorker, 1000);
          });
        }
        return orig.apply(this, arguments);
      };
    }
  }

  // Frame timestamps, to measure how long the page goes without drawing.
  const tick = (t) => {
    page.frames.push(t);
    if (page.frames.length > 20000) page.frames.splice(0, 10000);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);

  // The AI's search notes here when it gives the browser a turn (every
  // 25 ms while it thinks; ai/search_js.go): the test's "while Master thinks".
  window.huntchessSearch = { yields: 0, first: 0, last: 0, resumed: 0, runs: [] };

  window.addEventListener('error', (e) => page.errors.push(String(e.message || e)));
  window.addEventListener('unhandledrejection', (e) => page.errors.push('unhandled rejection: ' + String(e.reason)));

  installTouch();
  installBack();

  const go = new Go();
  // Developer settings (app/devharness reads HUNTCHESS_* environment variables)
  // come from the page's query: ?HUNTCHESS_LANG=zh-Hans&HUNTCHESS_SCREEN=rules
  for (const [k, v] of new URLSearchParams(location.search)) {
    if (/^HUNTCHESS_[A-Z_]+$/.test(k)) go.env[k] = v;
  }

  const mb = (n) => (n / 1e6).toFixed(1);
  load().catch((e) => {
    console.error(e);
    fail(say('Hunt Chess could not be loaded (' + e.message + '). Check the connection and reload the page.',
      '围猎棋加载失败（' + e.message + '）。请检查网络后刷新页面。',
      '圍獵棋載入失敗（' + e.message + '）。請檢查網路連線後重新整理頁面。'));
  });

  async function load() {
    const resp = await fetch(WASM_URL);
    if (!resp.ok) throw new Error(WASM_URL + ': HTTP ' + resp.status);
    const total = WASM_SIZE || Number(resp.headers.get('Content-Length')) || 0;
    let got = 0;
    const progress = (n) => {
      got += n;
      if (total) fill.style.width = Math.min(100, (100 * got) / total).toFixed(1) + '%';
      status.textContent = total ? mb(got) + ' / ' + mb(total) + ' MB' : mb(got) + ' MB';
    };
    const received = () => {
      page.wasmBytes = got;
      page.downloaded = performance.now();
      fill.style.width = '100%';
      status.textContent = hant ? '正在啟動… · Starting…' : zh ? '正在启动… · Starting…' : 'Starting… · 正在启动…';
    };
    // Compiled from its bytes once they are all in, not while they arrive:
    // with WebAssembly.instantiateStreaming the home screen came 1.5 s
    // later cold and 1 s later on a reload, measured on loopback
    // (docs/browser.md "How fast it starts").
    let bytes;
    if (resp.body && resp.body.getReader) {
      const reader = resp.body.getReader();
      const chunks = [];
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        progress(value.length);
      }
      bytes = new Uint8Array(got);
      let off = 0;
      for (const c of chunks) {
        bytes.set(c, off);
        off += c.length;
      }
    } else {
      bytes = new Uint8Array(await resp.arrayBuffer());
      got = bytes.length;
    }
    received();
    const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
    bytes = null;
    page.started = performance.now();
    await go.run(instance);
    page.exited = true;
    fail(say('Hunt Chess has stopped. Reload the page to start it again.', '围猎棋已停止运行。请刷新页面重新开始。',
      '圍獵棋已停止執行。請重新整理頁面再開始。'));
  }

  // The phone's Back button (or the browser's) goes one step back in the
  // app, as Escape does there (out of a game it asks first), and does not
  // leave the page: an extra history entry catches it.
  function installBack() {
    history.replaceState({ huntchess: 'base' }, '');
    history.pushState({ huntchess: 'app' }, '');
    window.addEventListener('popstate', () => {
      history.pushState({ huntchess: 'app' }, '');
      if (!page.firstFrame) return;
      for (const type of ['keydown', 'keyup']) {
        const ev = new KeyboardEvent(type, { key: 'Escape', code: 'Escape', bubbles: true, cancelable: true });
        Object.defineProperty(ev, 'keyCode', { get: () => 27 }); // what Fyne's driver reads
        document.dispatchEvent(ev);
      }
    });
  }

  // Fyne's web driver reads mouse events only (it drops touch moves), so a
  // finger becomes the left mouse button: touchstart → move + press,
  // touchmove → move, touchend → release. Fyne, seeing a phone, scrolls on a
  // drag and the board drags pieces. preventDefault keeps the browser from
  // zooming, scrolling, refreshing, selecting or opening a menu, and from
  // sending its own (late, duplicate) mouse events for a tap.
  function installTouch() {
    let id = null; // the finger being followed
    let last = null;
    const send = (type, t) => {
      const x = t.clientX;
      const y = t.clientY;
      document.dispatchEvent(new MouseEvent(type, {
        bubbles: true, cancelable: true, view: window,
        clientX: x, clientY: y, screenX: t.screenX, screenY: t.screenY,
        movementX: last ? x - last.x : 0, movementY: last ? y - last.y : 0,
        button: 0, buttons: type === 'mouseup' ? 0 : 1,
      }));
      last = { x, y };
    };
    const find = (list) => {
      for (const t of list) if (t.identifier === id) return t;
      return null;
    };
    const opts = { passive: false, capture: true };
    document.addEventListener('touchstart', (e) => {
      if (e.target !== document.querySelector('canvas')) return;
      e.preventDefault();
      if (id !== null) return; // a second finger: ignored
      const t = e.changedTouches[0];
      id = t.identifier;
      last = null;
      send('mousemove', t);
      send('mousedown', t);
    }, opts);
    document.addEventListener('touchmove', (e) => {
      if (id === null) return;
      e.preventDefault();
      const t = find(e.changedTouches);
      if (t) send('mousemove', t);
    }, opts);
    const end = (e) => {
      if (id === null) return;
      const t = find(e.changedTouches);
      if (!t) return;
      e.preventDefault();
      send('mousemove', t);
      send('mouseup', t);
      id = null;
    };
    document.addEventListener('touchend', end, opts);
    document.addEventListener('touchcancel', end, opts);
  }
})();
