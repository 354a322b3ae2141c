// OpenGL ES 3.0 natively, WebGL2 in the browser: the same header and the same calls.
#pragma once
#include <GLES3/gl3.h>
