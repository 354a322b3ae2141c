// Frames of the whole App (app/app.h) without a window or GL, for the tests and the fuzz targets:
// ImGui with its default font and no backend builds each frame's draw lists, which nothing draws
// (the boards' draw callbacks go to app/board_renderer_headless.cpp, never called).
#pragma once

#include <imgui.h>
#include <imgui_internal.h>  // ErrorCheckEndFrameRecover

#include "app/app.h"

namespace gridlab::app {

// The UI fonts of a context made on first use: ImGui's own font, its atlas built.
inline const UiFonts& headless_fonts() {
    static const UiFonts made = [] {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        ImFont* font = io.Fonts->AddFontDefault();
        unsigned char* pixels = nullptr;
        int width = 0, height = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
        return UiFonts{font, font};
    }();
    return made;
}

// One frame of `app`'s UI in a window of width x height, as main.cpp builds it. An exception out of
// the UI (a defect: in the page it stops the app) is passed on with the frame closed, so that the
// next test's frame can start.
inline void headless_frame(App& app, float width = 1366, float height = 768) {
    const UiFonts& fonts = headless_fonts();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(width, height);
    io.DeltaTime = 1.0f / 60.0f;
    ImGui::NewFrame();
    try {
        app.build_ui(fonts, width, height, {});
    } catch (...) {
        ImGui::ErrorCheckEndFrameRecover(nullptr);
        ImGui::EndFrame();
        throw;
    }
    ImGui::Render();
}

}  // namespace gridlab::app
