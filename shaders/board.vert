#version 300 es
// One instance per board cell; the six vertices of its quad come from gl_VertexID, so no vertex
// buffer is needed besides the per-cell attributes.
precision highp float;

layout(location = 0) in vec2 a_cell;     // column, row
layout(location = 1) in vec4 a_color;    // fill colour, straight alpha
layout(location = 2) in uvec2 a_style;   // shape flags, mark

uniform vec2 u_origin;       // top-left of the board, framebuffer pixels, y down
uniform float u_cell;        // cell size, framebuffer pixels
uniform vec2 u_framebuffer;  // framebuffer size in pixels

out vec2 v_local;            // pixels from the cell centre
flat out vec2 v_cell;
out vec4 v_color;
flat out uint v_shape;
flat out uint v_mark;

const vec2 kCorners[6] = vec2[6](vec2(0, 0), vec2(1, 0), vec2(0, 1), vec2(1, 0), vec2(1, 1), vec2(0, 1));

void main() {
    vec2 corner = kCorners[gl_VertexID];
    vec2 pixel = u_origin + (a_cell + corner) * u_cell;
    gl_Position = vec4(pixel.x / u_framebuffer.x * 2.0 - 1.0, 1.0 - pixel.y / u_framebuffer.y * 2.0, 0.0, 1.0);
    v_local = (corner - 0.5) * u_cell;
    v_cell = a_cell;
    v_color = a_color;
    v_shape = a_style.x;
    v_mark = a_style.y;
}
