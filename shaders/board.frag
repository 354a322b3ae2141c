#version 300 es
// Draws a cell from signed distance functions, antialiased at any size and pixel ratio:
// flat or raised tiles (Minesweeper), discs (stones, puyos), grid lines through the centre (Gomoku),
// and small marks (last move, crosses).
precision highp float;  // uniforms shared with the vertex shader must match its precision

in vec2 v_local;
flat in vec2 v_cell;
in vec4 v_color;
flat in uint v_shape;
flat in uint v_mark;

uniform float u_cell;
uniform vec2 u_grid;  // columns, rows
uniform vec4 u_line_color;
uniform vec4 u_mark_color;

out vec4 frag_color;

// Shape flags and marks: keep in sync with src/app/board_renderer.h.
const uint kTile = 1u;
const uint kRaised = 2u;
const uint kDisc = 4u;
const uint kGridLines = 8u;
const uint kMarkRing = 1u;
const uint kMarkDot = 2u;
const uint kMarkCross = 3u;
const uint kMarkSquare = 4u;

float round_box(vec2 p, vec2 half_size, float radius) {
    vec2 q = abs(p) - half_size + radius;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
}

// Coverage of the inside of a distance field, with a one-pixel soft edge.
float inside(float d) { return clamp(0.5 - d, 0.0, 1.0); }

vec4 over(vec4 top, vec4 bottom) {
    float a = top.a + bottom.a * (1.0 - top.a);
    if (a <= 0.0) return vec4(0.0);
    return vec4((top.rgb * top.a + bottom.rgb * bottom.a * (1.0 - top.a)) / a, a);
}

void main() {
    float half_cell = u_cell * 0.5;
    vec4 color = vec4(0.0);

    if ((v_shape & kGridLines) != 0u) {
        // Lines through the centre towards each neighbour; at the board's edge they stop at the centre.
        float x_lo = v_cell.x < 0.5 ? 0.0 : -half_cell, x_hi = v_cell.x > u_grid.x - 1.5 ? 0.0 : half_cell;
        float y_lo = v_cell.y < 0.5 ? 0.0 : -half_cell, y_hi = v_cell.y > u_grid.y - 1.5 ? 0.0 : half_cell;
        float width = max(0.5, u_cell * 0.02);
        float horizontal = max(abs(v_local.y) - width, max(x_lo - v_local.x, v_local.x - x_hi));
        float vertical = max(abs(v_local.x) - width, max(y_lo - v_local.y, v_local.y - y_hi));
        color = over(vec4(u_line_color.rgb, u_line_color.a * inside(min(horizontal, vertical))), color);
    }
    if ((v_shape & (kTile | kRaised)) != 0u) {
        float gap = max(1.0, u_cell * 0.04);
        float radius = min(u_cell * 0.12, 12.0);
        float d = round_box(v_local, vec2(half_cell - gap), radius);
        vec3 rgb = v_color.rgb;
        if ((v_shape & kRaised) != 0u) {
            // Light from the top-left: lighter towards it, darker away, strongest near the edge.
            float bevel = clamp(1.0 + d / radius, 0.0, 1.0);
            float facing = clamp(-(v_local.x + v_local.y) / u_cell, -0.5, 0.5);
            rgb = clamp(rgb + facing * (0.25 + 0.5 * bevel), 0.0, 1.0);
        }
        color = over(vec4(rgb, v_color.a * inside(d)), color);
    }
    if ((v_shape & kDisc) != 0u) {
        float radius = half_cell * 0.86;
        float d = length(v_local) - radius;
        // Soft spherical shading with a highlight above-left of the centre.
        float shade = 1.05 - 0.35 * length(v_local + vec2(0.3, 0.35) * radius) / radius;
        vec3 rgb = clamp(v_color.rgb * shade, 0.0, 1.0);
        color = over(vec4(rgb, v_color.a * inside(d)), color);
    }
    if (v_mark == kMarkRing) {
        float d = abs(length(v_local) - half_cell * 0.32) - max(1.0, u_cell * 0.05);
        color = over(vec4(u_mark_color.rgb, u_mark_color.a * inside(d)), color);
    } else if (v_mark == kMarkDot) {
        float d = length(v_local) - half_cell * 0.22;
        color = over(vec4(u_mark_color.rgb, u_mark_color.a * inside(d)), color);
    } else if (v_mark == kMarkCross) {
        vec2 p = abs(v_local);
        float d = max(abs(p.x - p.y) * 0.7071 - max(1.0, u_cell * 0.05), max(p.x, p.y) - half_cell * 0.5);
        color = over(vec4(u_mark_color.rgb, u_mark_color.a * inside(d)), color);
    } else if (v_mark == kMarkSquare) {
        float d = abs(round_box(v_local, vec2(half_cell * 0.3), half_cell * 0.05)) - max(1.0, u_cell * 0.04);
        color = over(vec4(u_mark_color.rgb, u_mark_color.a * inside(d)), color);
    }
    if (color.a <= 0.0) discard;
    frag_color = color;
}
