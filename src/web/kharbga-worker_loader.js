// The AI worker's start: wasm-bindgen's script for the worker (the
// `no-modules` target Trunk builds workers with), then its module, named
// in the object wasm-bindgen's init takes (a bare path is deprecated and
// prints a warning in the worker's console on every start). Trunk's own
// loader shim (`data-loader-shim`) passes the bare path, so the page
// carries this one instead. Trunk names worker files after their binary;
// the build then names each by its content (src/web/name.mjs), these two
// names here and this script's own in the pages' `<meta name=
// "kharbga-worker">`.
importScripts('./kharbga-worker.js');
wasm_bindgen({ module_or_path: './kharbga-worker_bg.wasm' });
