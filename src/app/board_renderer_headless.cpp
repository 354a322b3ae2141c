// BoardRenderer where there is no GL (the tests and the fuzz targets, with host_headless.cpp): the
// App queues its boards as ImDrawList callbacks, which only a GL backend's RenderDrawData calls, so
// without one nothing is drawn and this is never called. What the boards show is in state().
#include "app/board_renderer.h"

namespace gridlab::app {

void BoardRenderer::draw(const BoardPlacement&, const std::vector<CellLook>&, const Area&, float, int, int, uint32_t, uint32_t) {}

}  // namespace gridlab::app
