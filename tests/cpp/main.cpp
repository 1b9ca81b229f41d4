// Catch2 entry point shared by the native and the WebAssembly test builds.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
