#include "app/board_renderer.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "app/gl.h"
#include "app/shaders.h"  // generated: kBoardVertexShader, kBoardFragmentShader

namespace gridlab::app {

namespace {

struct Instance {
    float col, row;
    uint32_t rgba_bytes;  // R, G, B, A bytes in memory order
    uint8_t shape, mark, pad0, pad1;
};

unsigned compile(unsigned type, const char* source, std::string& error) {
    unsigned shader = glCreateShader(type);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[1024] = {};
        glGetShaderInfoLog(shader, sizeof log, nullptr, log);
        error = std::string(type == GL_VERTEX_SHADER ? "vertex" : "fragment") + " shader: " + log;
        glDeleteShader(shader);
        return 0;
    }
    return shader;
}

uint32_t to_memory_order(uint32_t rgba) {
    const uint8_t bytes[4] = {uint8_t(rgba >> 24), uint8_t(rgba >> 16), uint8_t(rgba >> 8), uint8_t(rgba)};
    uint32_t out;
    std::copy(bytes, bytes + 4, reinterpret_cast<uint8_t*>(&out));
    return out;
}

void set_color(int location, uint32_t rgba) {
    glUniform4f(location, float(rgba >> 24) / 255.f, float((rgba >> 16) & 255) / 255.f,
                float((rgba >> 8) & 255) / 255.f, float(rgba & 255) / 255.f);
}

}  // namespace

BoardRenderer::~BoardRenderer() {
    if (program_) glDeleteProgram(program_);
    if (instance_buffer_) glDeleteBuffers(1, &instance_buffer_);
    if (vao_) glDeleteVertexArrays(1, &vao_);
}

bool BoardRenderer::init(std::string& error) {
    unsigned vs = compile(GL_VERTEX_SHADER, kBoardVertexShader, error);
    if (!vs) return false;
    unsigned fs = compile(GL_FRAGMENT_SHADER, kBoardFragmentShader, error);
    if (!fs) {
        glDeleteShader(vs);
        return false;
    }
    program_ = glCreateProgram();
    glAttachShader(program_, vs);
    glAttachShader(program_, fs);
    glLinkProgram(program_);
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = 0;
    glGetProgramiv(program_, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[1024] = {};
        glGetProgramInfoLog(program_, sizeof log, nullptr, log);
        error = std::string("board shader link: ") + log;
        return false;
    }
    u_origin_ = glGetUniformLocation(program_, "u_origin");
    u_cell_ = glGetUniformLocation(program_, "u_cell");
    u_framebuffer_ = glGetUniformLocation(program_, "u_framebuffer");
    u_grid_ = glGetUniformLocation(program_, "u_grid");
    u_line_color_ = glGetUniformLocation(program_, "u_line_color");
    u_mark_color_ = glGetUniformLocation(program_, "u_mark_color");

    glGenVertexArrays(1, &vao_);
    glGenBuffers(1, &instance_buffer_);
    glBindVertexArray(vao_);
    glBindBuffer(GL_ARRAY_BUFFER, instance_buffer_);
    const auto stride = static_cast<GLsizei>(sizeof(Instance));
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(Instance, col)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, reinterpret_cast<void*>(offsetof(Instance, rgba_bytes)));
    glEnableVertexAttribArray(2);
    glVertexAttribIPointer(2, 2, GL_UNSIGNED_BYTE, stride, reinterpret_cast<void*>(offsetof(Instance, shape)));
    for (unsigned attribute = 0; attribute < 3; ++attribute) glVertexAttribDivisor(attribute, 1);
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    return true;
}

void BoardRenderer::draw(const BoardPlacement& where, const std::vector<CellLook>& cells, const Area& clip,
                         float pixel_ratio, int framebuffer_width, int framebuffer_height, uint32_t line_rgba,
                         uint32_t mark_rgba) {
    if (!program_ || cells.empty()) return;
    std::vector<Instance> instances;
    instances.reserve(cells.size());
    for (int r = 0; r < where.rows; ++r)
        for (int c = 0; c < where.cols; ++c) {
            const CellLook& look = cells[static_cast<size_t>(r * where.cols + c)];
            if (look.shape == kShapeNone && look.mark == kMarkNone) continue;
            instances.push_back({float(c), float(r), to_memory_order(look.rgba), look.shape, look.mark, 0, 0});
        }
    if (instances.empty()) return;

    glViewport(0, 0, framebuffer_width, framebuffer_height);
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_DEPTH_TEST);
    glEnable(GL_SCISSOR_TEST);  // GL counts rows from the bottom
    glScissor(static_cast<GLint>(std::lround(clip.x * pixel_ratio)),
              static_cast<GLint>(std::lround(float(framebuffer_height) - (clip.y + clip.h) * pixel_ratio)),
              static_cast<GLsizei>(std::lround(clip.w * pixel_ratio)), static_cast<GLsizei>(std::lround(clip.h * pixel_ratio)));
    glUseProgram(program_);
    glUniform2f(u_origin_, where.x * pixel_ratio, where.y * pixel_ratio);
    glUniform1f(u_cell_, where.cell * pixel_ratio);
    glUniform2f(u_framebuffer_, float(framebuffer_width), float(framebuffer_height));
    glUniform2f(u_grid_, float(where.cols), float(where.rows));
    set_color(u_line_color_, line_rgba);
    set_color(u_mark_color_, mark_rgba);
    glBindVertexArray(vao_);
    glBindBuffer(GL_ARRAY_BUFFER, instance_buffer_);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(instances.size() * sizeof(Instance)), instances.data(),
                 GL_STREAM_DRAW);
    glDrawArraysInstanced(GL_TRIANGLES, 0, 6, static_cast<GLsizei>(instances.size()));
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glUseProgram(0);
}

}  // namespace gridlab::app
