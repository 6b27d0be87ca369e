/*
 * A window opening and closing over a desktop: with a scene in a 640x360
 * framebuffer under and around a 200x120 window at (53, 41), every built-in
 * effect played as an open (from nothing) and a close (to nothing) with
 * segue_player_draw_window. At every frame every pixel outside the window and
 * its margin is the scene's, exactly; an open's first frame and a close's last
 * are the scene alone, an open's last and a close's first the window, exact,
 * its marker top-left; a crossfade's covered pixels mid-way are premultiplied
 * blends of the window over the scene (within 2/255). Shader files given as
 * arguments (gl-transitions, a niri open or close shader, a Burn-My-Windows
 * effect) play with them. A close interrupted by an open starts
 * it from the frame on screen, margin included. Also the statuses of bad
 * window areas. Built against the installed library by scripts/c-api:
 *
 *   cc desktop-test.c $(pkg-config --cflags --libs segue egl glesv2) -o desktop-test && ./desktop-test [SHADER ...]
 */
#include "egl-context.h"
#include <GLES3/gl3.h>
#include <segue/segue.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { W = 640, H = 360, WX = 53, WY = 41, WW = 200, WH = 120, MARGIN = 48, MARKER_W = 20, MARKER_H = 12 };
static const unsigned char window_colour[3] = {0x25, 0x63, 0xeb}, marker_colour[3] = {255, 200, 0};

static int failures, checks;

static void check(int ok, const char *effect, const char *what, int frame) {
    checks++;
    if (!ok) {
        fprintf(stderr, "%s, frame %d: %s\n", effect, frame, what);
        failures++;
    }
}

static void status(segue_status got, segue_status expected, const char *part, int line) {
    checks++;
    if (got != expected || (expected != SEGUE_OK && !strstr(segue_last_error(), part))) {
        fprintf(stderr, "line %d: status %d, not %d (%s)\n", line, got, expected, segue_last_error());
        failures++;
    }
}
#define STATUS(call, expected, part) status((call), (expected), (part), __LINE__)

/* The desktop: every pixel its own, so a shift or a flip shows (rows top first). */
static unsigned char scene[W * H * 4];
/* The window: blue with a marker at its top-left, opaque. */
static unsigned char window_pixels[WW * WH * 4];

static void fill(void) {
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            unsigned char *p = scene + (y * W + x) * 4;
            p[0] = (unsigned char)(x * 255 / (W - 1)), p[1] = (unsigned char)(y * 255 / (H - 1)), p[2] = (unsigned char)((x ^ y) & 255);
            p[3] = 255;
        }
    for (int y = 0; y < WH; y++)
        for (int x = 0; x < WW; x++) {
            const unsigned char *c = x < MARKER_W && y < MARKER_H ? marker_colour : window_colour;
            unsigned char *p = window_pixels + (y * WW + x) * 4;
            p[0] = c[0], p[1] = c[1], p[2] = c[2], p[3] = 255;
        }
}

static GLuint texture(int width, int height, const unsigned char *pixels) {
    GLuint id;
    glGenTextures(1, &id);
    glBindTexture(GL_TEXTURE_2D, id);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, width, height);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    return id;
}

static int inside(int x, int y, int left, int top, int width, int height) {
    return x >= left && x < left + width && y >= top && y < top + height;
}

/* Whether the framebuffer read back shows the window exactly where it is and the scene elsewhere. */
static int shows_window(const unsigned char *shown) {
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            const unsigned char *want = inside(x, y, WX, WY, WW, WH) ? window_pixels + ((y - WY) * WW + x - WX) * 4 : scene + (y * W + x) * 4;
            if (memcmp(shown + (y * W + x) * 4, want, 3) != 0) return 0;
        }
    return 1;
}

/* The same in a framebuffer whose y = 0 is its bottom row (SEGUE_DRAW_FLIP_Y):
 * the window's rows, top first, go up from row H - WY - 1. */
static int shows_window_flipped(const unsigned char *shown) {
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int row = H - 1 - y;  /* the window's rows counted from the top */
            const unsigned char *want = inside(x, row, WX, WY, WW, WH) ? window_pixels + ((row - WY) * WW + x - WX) * 4 : scene + (y * W + x) * 4;
            if (memcmp(shown + (y * W + x) * 4, want, 3) != 0) return 0;
        }
    return 1;
}

/* Whether a pixel of the window's colour shows in the margin below it. */
static int window_below(const unsigned char *shown) {
    for (int y = WY + WH; y < WY + WH + MARGIN && y < H; y++)
        for (int x = WX; x < WX + WW; x++)
            if (!memcmp(shown + (y * W + x) * 4, window_colour, 3)) return 1;
    return 0;
}

/* Whether every pixel outside `left, top, width, height` is the scene's. */
static int scene_outside(const unsigned char *shown, int left, int top, int width, int height) {
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            if (!inside(x, y, left, top, width, height) && memcmp(shown + (y * W + x) * 4, scene + (y * W + x) * 4, 3) != 0) return 0;
    return 1;
}

/* Whether the window's pixels are the window at one opacity over the scene,
 * premultiplied, each channel within 2/255; `opacity` gets it. */
static int blends(const unsigned char *shown, double *opacity) {
    /* The opacity from the pixel and channel the window and the scene differ most in. */
    double best = 0, a = 0;
    for (int y = WY; y < WY + WH; y++)
        for (int x = WX; x < WX + WW; x++)
            for (int c = 0; c < 3; c++) {
                double s = scene[(y * W + x) * 4 + c], w = window_pixels[((y - WY) * WW + x - WX) * 4 + c];
                if (abs((int)(w - s)) > best) best = abs((int)(w - s)), a = (shown[(y * W + x) * 4 + c] - s) / (w - s);
            }
    *opacity = a;
    for (int y = WY; y < WY + WH; y++)
        for (int x = WX; x < WX + WW; x++)
            for (int c = 0; c < 3; c++) {
                double s = scene[(y * W + x) * 4 + c], w = window_pixels[((y - WY) * WW + x - WX) * 4 + c];
                double want = w * a + s * (1 - a);
                if (shown[(y * W + x) * 4 + c] < want - 2.5 || shown[(y * W + x) * 4 + c] > want + 2.5) return 0;
            }
    return 1;
}

/* Plays `effect` as an open (from nothing to the window) or a close, drawing
 * each frame over a fresh copy of the scene, and checks every frame. */
static void play(segue_context *segue, GLuint framebuffer, GLuint scene_texture, GLuint window, const char *effect, int opening,
                 uint32_t flags, int reverse) {
    char name[64];
    snprintf(name, sizeof name, "%s %s%s%s", effect, opening ? "open" : "close", reverse ? " (backwards)" : "", flags ? " (flipped)" : "");
    segue_player *player;
    segue_choice *choice;
    STATUS(segue_player_new(segue, &player), SEGUE_OK, NULL);
    STATUS(segue_choice_new(segue, effect, &choice), SEGUE_OK, NULL);
    STATUS(segue_choice_set_reverse(choice, reverse), SEGUE_OK, NULL);
    segue_texture side = {window, WW, WH, SEGUE_TEXTURE_OPAQUE};
    uint64_t time = 1000000000, refresh = 16666667;
    STATUS(segue_player_start(player, choice, opening ? NULL : &side, opening ? &side : NULL, time, NULL, NULL, NULL), SEGUE_OK, NULL);
    segue_window_area area = {WX, WY, WW, WH, MARGIN, W, H};
    static unsigned char shown[W * H * 4];
    int frame = 0, crossfade_checked = 0, fell_below = 0;
    GLuint scene_read;
    glGenFramebuffers(1, &scene_read);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, scene_read);
    glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, scene_texture, 0);
    for (; segue_player_is_animating(player) && frame < 400; frame++, time += refresh) {
        /* The host draws its desktop, then the window's frame over it. */
        glBindFramebuffer(GL_READ_FRAMEBUFFER, scene_read);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer);
        glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
        STATUS(segue_player_draw_window(player, time, framebuffer, &area, flags), SEGUE_OK, NULL);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
        glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, shown);
        int top = flags ? H - WY - WH - MARGIN : WY - MARGIN;
        check(scene_outside(shown, WX - MARGIN, top, WW + 2 * MARGIN, WH + 2 * MARGIN), name,
              "a pixel outside the window and its margin is not the scene's", frame);
        fell_below |= !flags && window_below(shown);
        if (flags) {
            /* Flipped, only the placement is checked, at the end. */
        } else if (frame == 0) {
            if (opening) check(scene_outside(shown, 0, 0, 0, 0), name, "the first frame of an open is not the scene alone", frame);
            else check(shows_window(shown), name, "the first frame of a close is not the window over the scene", frame);
        }
        double opacity;
        if (!flags && !strcmp(effect, "crossfade") && !crossfade_checked && frame >= 8) {
            crossfade_checked = 1;
            check(blends(shown, &opacity) && opacity > 0.05 && opacity < 0.95, name,
                  "mid-way, the covered pixels are not the window blended over the scene", frame);
        }
        STATUS(segue_player_presented(player, time, refresh), SEGUE_OK, NULL);
    }
    check(!segue_player_is_animating(player), name, "still plays after 400 frames", frame);
    /* Doom's columns fall out of the window into the margin below it. */
    if (!strcmp(effect, "doom-melt") && !opening && !reverse) check(fell_below, name, "no column fell into the margin below the window", frame);
    /* The frame presented last is the end: the window alone where it is, or the scene alone. */
    if (flags) check(!opening || shows_window_flipped(shown), name, "the last frame is not the window, upside down, over the scene", frame);
    else if (opening) check(shows_window(shown), name, "the last frame of an open is not the window, exact, over the scene", frame);
    else check(scene_outside(shown, 0, 0, 0, 0), name, "the last frame of a close is not the scene alone", frame);
    glDeleteFramebuffers(1, &scene_read);
    segue_choice_free(choice);
    segue_player_free(player);
}

int main(int argc, char **argv) {
    EGLContext egl;
    EGLDisplay display = test_egl_display(&egl);
    if (display == EGL_NO_DISPLAY) return 1;
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, egl);
    fill();
    GLuint scene_texture = texture(W, H, scene), window = texture(WW, WH, window_pixels);
    GLuint output = texture(W, H, scene), framebuffer;
    glGenFramebuffers(1, &framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, output, 0);

    segue_context *segue;
    STATUS(segue_context_new(&segue), SEGUE_OK, NULL);
    /* Shader files given, in any format (gl-transitions, niri, Burn-My-Windows), play with the built-ins. */
    const char *loaded;
    for (int i = 1; i < argc; i++) STATUS(segue_effect_load_shader(segue, argv[i], &loaded), SEGUE_OK, NULL);
    size_t count = 0;
    STATUS(segue_effect_count(segue, &count), SEGUE_OK, NULL);
    for (size_t i = 0; i < count; i++) {
        const char *effect;
        STATUS(segue_effect_name(segue, i, &effect), SEGUE_OK, NULL);
        play(segue, framebuffer, scene_texture, window, effect, 1, 0, 0);
        play(segue, framebuffer, scene_texture, window, effect, 0, 0, 0);
        /* A close as Segue's config plays it by default: the open, backwards. */
        play(segue, framebuffer, scene_texture, window, effect, 0, 0, 1);
    }
    /* Into a framebuffer whose y = 0 is its bottom row: the window where it is, counted from the top. */
    play(segue, framebuffer, scene_texture, window, "crossfade", 1, SEGUE_DRAW_FLIP_Y, 0);

    /* The hero zoom grows the window from its source rectangle, an icon in the
     * margin beside it (in the output's pixels): early on, the window shows
     * at the icon, and not yet at its own top-left corner. */
    {
        segue_player *zooming;
        segue_choice *zoom;
        STATUS(segue_player_new(segue, &zooming), SEGUE_OK, NULL);
        STATUS(segue_choice_new(segue, "zoom-from-rect", &zoom), SEGUE_OK, NULL);
        STATUS(segue_choice_set_source_rect(zoom, 266, 180, 24, 16, W, H), SEGUE_OK, NULL);
        segue_texture side = {window, WW, WH, SEGUE_TEXTURE_OPAQUE};
        STATUS(segue_player_start(zooming, zoom, NULL, &side, 1000000000, NULL, NULL, NULL), SEGUE_OK, NULL);
        segue_window_area area = {WX, WY, WW, WH, MARGIN, W, H};
        static unsigned char shown[W * H * 4];
        GLuint scene_read;
        glGenFramebuffers(1, &scene_read);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, scene_read);
        glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, scene_texture, 0);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer);
        glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
        /* A fifth of the way: past the fade-in, the window still near the icon. */
        STATUS(segue_player_draw_window(zooming, 1000000000 + 100000000, framebuffer, &area, 0), SEGUE_OK, NULL);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
        glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, shown);
        const unsigned char *at_icon = shown + (188 * W + 278) * 4, *corner = shown + ((WY + 2) * W + WX + 2) * 4;
        check(memcmp(at_icon, scene + (188 * W + 278) * 4, 3) != 0, "zoom-from-rect open", "the window does not grow from the icon", 0);
        check(memcmp(corner, scene + ((WY + 2) * W + WX + 2) * 4, 3) == 0, "zoom-from-rect open",
              "the window is at its own corner already", 0);
        glDeleteFramebuffers(1, &scene_read);
        segue_choice_free(zoom);
        segue_player_free(zooming);
    }

    /* A close melting away, interrupted by the window opening again: the open
     * starts from the frame on screen, the columns that fell into the margin
     * below the window included, then ends on the window alone. */
    {
        segue_player *player;
        segue_choice *melt, *fade;
        STATUS(segue_player_new(segue, &player), SEGUE_OK, NULL);
        STATUS(segue_choice_new(segue, "doom-melt", &melt), SEGUE_OK, NULL);
        STATUS(segue_choice_new(segue, "crossfade", &fade), SEGUE_OK, NULL);
        segue_texture side = {window, WW, WH, SEGUE_TEXTURE_OPAQUE};
        segue_window_area area = {WX, WY, WW, WH, MARGIN, W, H};
        static unsigned char before[W * H * 4], after[W * H * 4];
        GLuint scene_read;
        glGenFramebuffers(1, &scene_read);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, scene_read);
        glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, scene_texture, 0);
        uint64_t time = 1000000000, refresh = 16666667;
        STATUS(segue_player_start(player, melt, &side, NULL, time, NULL, NULL, NULL), SEGUE_OK, NULL);
        int frame = 0;
        for (unsigned char *shown = before; frame < 400; frame++, time += refresh) {
            glBindFramebuffer(GL_READ_FRAMEBUFFER, scene_read);
            glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer);
            glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
            STATUS(segue_player_draw_window(player, time, framebuffer, &area, 0), SEGUE_OK, NULL);
            glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
            glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, shown);
            STATUS(segue_player_presented(player, time, refresh), SEGUE_OK, NULL);
            if (shown == after) break;
            if (window_below(before)) {
                /* Columns hang below the window: the window opens again, from here. */
                STATUS(segue_player_start(player, fade, NULL, &side, time, NULL, NULL, NULL), SEGUE_OK, NULL);
                shown = after;
            }
        }
        int same = 1;
        for (int i = 0; i < W * H * 4; i++) same &= abs(before[i] - after[i]) <= 2;
        check(window_below(after) && same, "doom-melt close interrupted by an open",
              "the open does not start from the frame on screen, margin included", frame);
        for (; segue_player_is_animating(player) && frame < 400; frame++, time += refresh) {
            glBindFramebuffer(GL_READ_FRAMEBUFFER, scene_read);
            glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer);
            glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
            STATUS(segue_player_draw_window(player, time, framebuffer, &area, 0), SEGUE_OK, NULL);
            STATUS(segue_player_presented(player, time, refresh), SEGUE_OK, NULL);
        }
        glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
        glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, after);
        check(shows_window(after), "doom-melt close interrupted by an open", "the open does not end on the window alone", frame);
        glDeleteFramebuffers(1, &scene_read);
        segue_choice_free(melt);
        segue_choice_free(fade);
        segue_player_free(player);
    }

    /* Bad areas: each a status and a message, no frame taken. */
    segue_player *player;
    segue_choice *choice;
    STATUS(segue_player_new(segue, &player), SEGUE_OK, NULL);
    STATUS(segue_choice_new(segue, "crossfade", &choice), SEGUE_OK, NULL);
    segue_texture side = {window, WW, WH, SEGUE_TEXTURE_OPAQUE};
    STATUS(segue_player_start(player, choice, NULL, NULL, 0, NULL, NULL, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "both textures are null");
    STATUS(segue_player_start(player, choice, &side, NULL, 0, NULL, NULL, NULL), SEGUE_OK, NULL);
    STATUS(segue_player_draw_window(player, 0, framebuffer, NULL, 0), SEGUE_ERROR_INVALID_ARGUMENT, "area is null");
    segue_window_area off = {W + 10, 20, WW, WH, 0, W, H}, huge = {WX, WY, WW, WH, 1 << 20, W, H};
    segue_window_area negative = {WX, WY, WW, WH, -1, W, H}, empty = {WX, WY, 0, WH, 0, W, H};
    STATUS(segue_player_draw_window(player, 0, framebuffer, &off, 0), SEGUE_ERROR_INVALID_ARGUMENT, "has no pixel on the 640x360 framebuffer");
    STATUS(segue_player_draw_window(player, 0, framebuffer, &huge, 0), SEGUE_ERROR_INVALID_ARGUMENT, "past GL's texture size");
    STATUS(segue_player_draw_window(player, 0, framebuffer, &negative, 0), SEGUE_ERROR_INVALID_ARGUMENT, "negative");
    STATUS(segue_player_draw_window(player, 0, framebuffer, &empty, 0), SEGUE_ERROR_INVALID_ARGUMENT, "empty");
    STATUS(segue_player_presented(player, 0, 16666667), SEGUE_ERROR_STATE, "no frame was drawn");
    segue_choice_free(choice);
    segue_player_free(player);
    segue_context_free(segue);
    if (failures) {
        fprintf(stderr, "desktop-test: %d of %d checks failed\n", failures, checks);
        return 1;
    }
    printf("desktop-test: %d checks pass\n", checks);
    return 0;
}
