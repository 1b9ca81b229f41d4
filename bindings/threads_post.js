// Appended to the threaded module's Emscripten glue (--post-js, CMakeLists.txt): lets the package
// (web/src/runtime.ts) unref the pool's Node workers once they are loaded and running, so that a
// Node process exits after its last call instead of waiting for idle pool threads. Unreffing them
// earlier would let Node exit while `await init()` still waits for the workers to load.
Module['svUnrefWorkers'] = function () {
  if (!ENVIRONMENT_IS_NODE) return;
  PThread.unusedWorkers.concat(PThread.runningWorkers).forEach(function (w) {
    if (w && typeof w.unref === 'function') w.unref();
  });
};
