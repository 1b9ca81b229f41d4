# Sourced by the build scripts: Emscripten 3.1.6 from Debian needs acorn from Debian's node modules.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
export SV_JOBS=${SV_JOBS:-$(nproc)}
