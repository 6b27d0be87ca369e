/*
 * libsegue's C API against bad input and calls out of order: each returns its
 * status and a message, and nothing crashes. Also: the host's GL state is
 * kept, a transition that another interrupts reports so, and a hand drives
 * one. Built against the installed library by scripts/c-api:
 *
 *   cc api-test.c $(pkg-config --cflags --libs segue egl glesv2) -o api-test && ./api-test
 */
#include "egl-context.h"
#include <GLES3/gl3.h>
#include <math.h>
#include <segue/segue.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures, checks;

/* `call` returned `expected`, and an error came with a message containing `part`. */
#define EXPECT(call, expected, part) expect((call), (expected), (part), #call, __LINE__)

static void expect(segue_status got, segue_status expected, const char *part, const char *call, int line) {
    checks++;
    const char *message = segue_last_error();
    if (got != expected) {
        fprintf(stderr, "line %d: %s returned %d, not %d (%s)\n", line, call, got, expected, message);
        failures++;
    } else if (expected != SEGUE_OK && (!*message || (part && !strstr(message, part)))) {
        fprintf(stderr, "line %d: %s: the message \"%s\" does not say \"%s\"\n", line, call, message, part ? part : "anything");
        failures++;
    }
}

static void truth(int ok, const char *what, int line) {
    checks++;
    if (!ok) {
        fprintf(stderr, "line %d: %s\n", line, what);
        failures++;
    }
}
#define TRUE(condition) truth((condition), #condition, __LINE__)

static int completions[8];
static segue_outcome outcomes[8];
static uint32_t frames_of[8];

static void completed(void *user_data, const segue_completion *completion) {
    int slot = (int)(intptr_t)user_data;
    completions[slot]++;
    outcomes[slot] = completion->outcome;
    frames_of[slot] = completion->frames;
}

/* A callback that frees its player: every completion still goes out before the free returns. */
static int freed;
static segue_player *to_free;
static void free_player(void *user_data, const segue_completion *completion) {
    completed(user_data, completion);
    segue_player_free(to_free);
    freed = 1;
}
static int completed_after_free;
static void note_if_freed(void *user_data, const segue_completion *completion) {
    completed(user_data, completion);
    completed_after_free += freed;
}

/* What a callback that starts the next transition starts. */
static struct {
    segue_player *player;
    segue_choice *choice;
    segue_texture from, to;
    uint64_t time;
} next;

static void start_next(void *user_data, const segue_completion *completion) {
    completed(user_data, completion);
    /* GL state a callback sets is the host's own: it stays. */
    glViewport(7, 7, 7, 7);
    segue_player_start(next.player, next.choice, &next.from, &next.to, next.time, completed, (void *)7, NULL);
}

static char *write_file(const char *text) {
    static int n;
    char *path = malloc(64);
    snprintf(path, 64, "/tmp/segue-api-test-%d-%d.%s", (int)getpid(), n++, strstr(text, "transition") ? "glsl" : "toml");
    FILE *file = fopen(path, "w");
    fputs(text, file);
    fclose(file);
    return path;
}

/* A texture filled with one colour (0xRRGGBB). */
static GLuint texture(int width, int height, unsigned colour) {
    GLuint id;
    glGenTextures(1, &id);
    glBindTexture(GL_TEXTURE_2D, id);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, width, height);
    unsigned char *pixels = malloc((size_t)width * height * 4);
    for (int i = 0; i < width * height; i++) {
        pixels[i * 4] = colour >> 16, pixels[i * 4 + 1] = colour >> 8, pixels[i * 4 + 2] = colour, pixels[i * 4 + 3] = 255;
    }
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    free(pixels);
    return id;
}

/* A texture whose top half is `top` and bottom half `bottom` (0xRRGGBB), rows top first. */
static GLuint halves(int width, int height, unsigned top, unsigned bottom) {
    GLuint id = texture(width, height, top);
    unsigned char *pixels = malloc((size_t)width * height * 2);
    for (int i = 0; i < width * height / 2; i++) {
        pixels[i * 4] = bottom >> 16, pixels[i * 4 + 1] = bottom >> 8, pixels[i * 4 + 2] = bottom, pixels[i * 4 + 3] = 255;
    }
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, height / 2, width, height / 2, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    free(pixels);
    return id;
}

/* The red of the output's pixel (x, y), row 0 the top. */
static int red_at(GLuint framebuffer, int x, int y) {
    unsigned char pixel[4];
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
    return pixel[0];
}

static GLuint linked_program(void) {
    const char *vertex = "#version 300 es\nvoid main() { gl_Position = vec4(0.0); }\n";
    const char *fragment = "#version 300 es\nprecision mediump float;\nout vec4 colour;\nvoid main() { colour = vec4(1.0); }\n";
    GLuint program = glCreateProgram();
    const char *sources[] = {vertex, fragment};
    GLenum kinds[] = {GL_VERTEX_SHADER, GL_FRAGMENT_SHADER};
    for (int i = 0; i < 2; i++) {
        GLuint shader = glCreateShader(kinds[i]);
        glShaderSource(shader, 1, &sources[i], NULL);
        glCompileShader(shader);
        glAttachShader(program, shader);
    }
    glLinkProgram(program);
    return program;
}

/* `effect` halfway through a 1 s transition, drawn into `output` (64x36,
 * cleared to black first) and read back whole into `pixels`. */
static void halfway(segue_context *segue, const char *effect, const segue_texture *from, const segue_texture *to,
                    GLuint output, unsigned char *pixels, void (*host_state)(void)) {
    segue_player *player;
    segue_choice *choice;
    EXPECT(segue_player_new(segue, &player), SEGUE_OK, NULL);
    EXPECT(segue_choice_new(segue, effect, &choice), SEGUE_OK, effect);
    EXPECT(segue_choice_set_duration(choice, 1), SEGUE_OK, NULL);
    EXPECT(segue_player_start(player, choice, from, to, 1000000000, NULL, NULL, NULL), SEGUE_OK, NULL);
    glBindFramebuffer(GL_FRAMEBUFFER, output);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    host_state();
    EXPECT(segue_player_draw(player, 1500000000, output, 0, 0, 64, 36, 0), SEGUE_OK, effect);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, output);
    glReadPixels(0, 0, 64, 36, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    EXPECT(segue_player_cancel(player), SEGUE_OK, NULL);
    segue_choice_free(choice);
    segue_player_free(player);
}

/* GL's defaults for everything `odd_host_state` sets. */
static void default_host_state(void) {
    GLenum capabilities[] = {GL_BLEND, GL_DEPTH_TEST, GL_STENCIL_TEST, GL_CULL_FACE, GL_POLYGON_OFFSET_FILL,
                             GL_SAMPLE_COVERAGE, GL_SAMPLE_ALPHA_TO_COVERAGE, GL_SCISSOR_TEST, GL_RASTERIZER_DISCARD,
                             GL_PRIMITIVE_RESTART_FIXED_INDEX};
    for (size_t i = 0; i < sizeof capabilities / sizeof *capabilities; i++) glDisable(capabilities[i]);
    glEnable(GL_DITHER);
    glBlendEquation(GL_FUNC_ADD);
    glBlendFunc(GL_ONE, GL_ZERO);
    glBlendColor(0, 0, 0, 0);
    glDepthFunc(GL_LESS);
    glDepthMask(GL_TRUE);
    glStencilFunc(GL_ALWAYS, 0, ~0u);
    glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
    glStencilMask(~0u);
    glFrontFace(GL_CCW);
    glCullFace(GL_BACK);
    glPolygonOffset(0, 0);
    glSampleCoverage(1, GL_FALSE);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
}

/* What a host might leave set: every state Segue's drawing could depend on, at an odd value. */
static void odd_host_state(void) {
    GLenum capabilities[] = {GL_BLEND, GL_DEPTH_TEST, GL_STENCIL_TEST, GL_CULL_FACE, GL_POLYGON_OFFSET_FILL,
                             GL_SAMPLE_COVERAGE, GL_SAMPLE_ALPHA_TO_COVERAGE, GL_PRIMITIVE_RESTART_FIXED_INDEX};
    for (size_t i = 0; i < sizeof capabilities / sizeof *capabilities; i++) glEnable(capabilities[i]);
    glDisable(GL_DITHER);
    glBlendEquationSeparate(GL_FUNC_REVERSE_SUBTRACT, GL_MAX);
    glBlendFuncSeparate(GL_ONE, GL_ONE, GL_ZERO, GL_CONSTANT_ALPHA);
    glBlendColor(0.3f, 0.2f, 0.1f, 0.5f);
    glDepthFunc(GL_NEVER);
    glDepthMask(GL_FALSE);
    glStencilFunc(GL_NEVER, 1, 0x0f);
    glStencilOp(GL_ZERO, GL_INVERT, GL_DECR);
    glStencilMask(0);
    glFrontFace(GL_CW);
    glCullFace(GL_FRONT_AND_BACK);
    glPolygonOffset(4, 4);
    glSampleCoverage(0, GL_TRUE);
    glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
}

/* Every effect draws the same frame whatever state the host left set, and that state is as it was after. */
static void check_drawing_ignores_host_state(segue_context *segue, GLuint output) {
    segue_texture from = {halves(64, 36, 0xff0000, 0x00ff00), 64, 36, 0}, to = {texture(64, 36, 0x0000ff), 64, 36, 0};
    unsigned char expected[64 * 36 * 4], drawn[64 * 36 * 4];
    size_t count = 0;
    EXPECT(segue_effect_count(segue, &count), SEGUE_OK, NULL);
    for (size_t i = 0; i < count; i++) {
        const char *name;
        EXPECT(segue_effect_name(segue, i, &name), SEGUE_OK, NULL);
        halfway(segue, name, &from, &to, output, expected, default_host_state);
        halfway(segue, name, &from, &to, output, drawn, odd_host_state);
        GLint equation, depth, face;
        GLfloat offset, coverage;
        GLboolean mask[4];
        glGetIntegerv(GL_BLEND_EQUATION_RGB, &equation);
        glGetIntegerv(GL_DEPTH_FUNC, &depth);
        glGetIntegerv(GL_FRONT_FACE, &face);
        glGetFloatv(GL_POLYGON_OFFSET_FACTOR, &offset);
        glGetFloatv(GL_SAMPLE_COVERAGE_VALUE, &coverage);
        glGetBooleanv(GL_COLOR_WRITEMASK, mask);
        TRUE(equation == GL_FUNC_REVERSE_SUBTRACT && depth == GL_NEVER && face == GL_CW && offset == 4 && coverage == 0);
        TRUE(mask[0] && !mask[1] && mask[2] && !mask[3] && glIsEnabled(GL_POLYGON_OFFSET_FILL) && !glIsEnabled(GL_DITHER));
        default_host_state();
        int differing = 0;
        for (size_t p = 0; p < sizeof drawn; p++) differing += drawn[p] != expected[p];
        checks++;
        if (differing) {
            fprintf(stderr, "%s: %d bytes differ drawn over odd host state (pixel 32,18: %d,%d,%d, not %d,%d,%d)\n", name, differing,
                    drawn[(18 * 64 + 32) * 4], drawn[(18 * 64 + 32) * 4 + 1], drawn[(18 * 64 + 32) * 4 + 2],
                    expected[(18 * 64 + 32) * 4], expected[(18 * 64 + 32) * 4 + 1], expected[(18 * 64 + 32) * 4 + 2]);
            failures++;
        }
    }
    glDeleteTextures(1, &from.id);
    glDeleteTextures(1, &to.id);
}

/* A seeded generator: the same calls every run. */
static uint64_t seed = 0x5e9e;
static uint32_t next_random(uint32_t below) {
    seed = seed * 6364136223846793005u + 1442695040888963407u;
    return (uint32_t)(seed >> 33) % below;
}

/* Draws and presents frames 16.7 ms apart from `time` until nothing plays (at most `limit`). */
static uint64_t play_out(segue_player *player, uint64_t time, GLuint framebuffer, int limit) {
    for (int i = 0; i < limit && segue_player_is_animating(player); i++, time += 16666667) {
        EXPECT(segue_player_draw(player, time, framebuffer, 0, 0, 64, 36, 0), SEGUE_OK, NULL);
        EXPECT(segue_player_presented(player, time, 16666667), SEGUE_OK, NULL);
    }
    return time;
}

int main(void) {
    EGLContext egl;
    EGLDisplay display = test_egl_display(&egl);
    if (display == EGL_NO_DISPLAY) return 1;

    /* No context current yet, and null out pointers. */
    segue_context *segue = NULL;
    EXPECT(segue_context_new(&segue), SEGUE_ERROR_NO_CONTEXT, "no EGL context is current");
    TRUE(segue == NULL);
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, egl);
    EXPECT(segue_context_new(NULL), SEGUE_ERROR_INVALID_ARGUMENT, "null");
    EXPECT(segue_context_new(&segue), SEGUE_OK, NULL);

    /* Null handles. */
    size_t count;
    segue_player *player = NULL;
    segue_choice *choice = NULL;
    EXPECT(segue_effect_count(NULL, &count), SEGUE_ERROR_INVALID_ARGUMENT, "context is null");
    EXPECT(segue_effect_count(segue, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "count is null");
    EXPECT(segue_player_new(NULL, &player), SEGUE_ERROR_INVALID_ARGUMENT, "context is null");
    EXPECT(segue_player_draw(NULL, 0, 0, 0, 0, 64, 36, 0), SEGUE_ERROR_INVALID_ARGUMENT, "player is null");
    EXPECT(segue_player_draw((segue_player *)segue, 0, 0, 0, 0, 64, 36, 0), SEGUE_ERROR_INVALID_ARGUMENT, "another kind of handle");
    EXPECT(segue_choice_set(NULL, "angle", "1"), SEGUE_ERROR_INVALID_ARGUMENT, "choice is null");
    EXPECT(segue_config_load(segue, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "path is null");
    TRUE(!segue_player_is_animating(NULL) && !segue_player_needs_frame(NULL));
    TRUE(segue_choice_effect(NULL) == NULL);
    segue_player_free(NULL);
    segue_choice_free(NULL);
    segue_context_free(NULL);

    /* Names that are not there, values that are not values. */
    const char *name;
    EXPECT(segue_effect_name(segue, 1000, &name), SEGUE_ERROR_INVALID_ARGUMENT, "1000");
    EXPECT(segue_choice_new(segue, "no-such-effect", &choice), SEGUE_ERROR_NOT_FOUND, "no-such-effect");
    EXPECT(segue_choice_new(segue, "crossfade", &choice), SEGUE_OK, NULL);
    EXPECT(segue_choice_set(choice, "no-such-parameter", "1"), SEGUE_ERROR_NOT_FOUND, "no-such-parameter");
    EXPECT(segue_choice_set_duration(choice, -1), SEGUE_ERROR_INVALID_ARGUMENT, "duration");
    EXPECT(segue_choice_set_duration(choice, NAN), SEGUE_ERROR_INVALID_ARGUMENT, "duration");
    EXPECT(segue_choice_set_duration(choice, 0.1), SEGUE_OK, NULL);
    EXPECT(segue_choice_set_source_rect(choice, 0, 0, 0, 0, 64, 36), SEGUE_ERROR_INVALID_ARGUMENT, "empty");
    segue_choice *zoom;
    EXPECT(segue_choice_new(segue, "zoom-from-rect", &zoom), SEGUE_OK, NULL);
    EXPECT(segue_choice_set(zoom, "rect", "two"), SEGUE_ERROR_INVALID_ARGUMENT, "rect");
    EXPECT(segue_choice_set_source_rect(zoom, 8, 4, 16, 9, 64, 36), SEGUE_OK, NULL);
    EXPECT(segue_effect_parameter(segue, "zoom-from-rect", 99, &(segue_parameter){0}), SEGUE_ERROR_INVALID_ARGUMENT, "99");
    segue_parameter parameter;
    EXPECT(segue_effect_parameter(segue, "zoom-from-rect", 0, &parameter), SEGUE_OK, NULL);
    TRUE(strcmp(parameter.name, "rect") == 0 && strcmp(parameter.type, "vec4") == 0);

    /* A shader that does not compile: the message names its file, line and column. */
    char *bad_shader = write_file("vec4 transition(vec2 uv) {\n  return mix(getFromColor(uv), getToColor(uv), progress)\n}\n");
    EXPECT(segue_effect_load_shader(segue, bad_shader, &name), SEGUE_ERROR_SHADER, bad_shader);
    EXPECT(segue_effect_load_shader(segue, "/nonexistent/x.glsl", &name), SEGUE_ERROR_IO, "/nonexistent/x.glsl");
    EXPECT(segue_effect_register_shader(segue, "broken", "vec4 transition(vec2 uv) { return nope; }"), SEGUE_ERROR_SHADER, "nope");
    EXPECT(segue_choice_new(segue, "broken", &choice), SEGUE_ERROR_NOT_FOUND, "broken");
    EXPECT(segue_effect_register_shader(segue, "fade-to-to", "vec4 transition(vec2 uv) { return getToColor(uv); }"), SEGUE_OK, NULL);

    /* A config that does not parse: the message names file:line:column, and the last good one stays. */
    char *good = write_file("[transitions.switch]\neffect = \"crossfade\"\nduration = \"200ms\"\n");
    EXPECT(segue_config_load(segue, good), SEGUE_OK, NULL);
    char *bad = write_file("[transitions.switch]\neffect = = \"slide\"\n");
    char where[128];
    snprintf(where, sizeof where, "%s:2:", bad);
    EXPECT(segue_config_load(segue, bad), SEGUE_ERROR_CONFIG, where);
    char *unknown = write_file("[transitions.switch]\neffect = \"no-such-effect\"\n");
    snprintf(where, sizeof where, "%s:2:", unknown);
    EXPECT(segue_config_load(segue, unknown), SEGUE_ERROR_CONFIG, where);
    /* A file that is not there is an I/O error, config or shader alike. */
    EXPECT(segue_config_load(segue, "/nonexistent/config.toml"), SEGUE_ERROR_IO, "/nonexistent/config.toml");
    /* Two problems, one line: they follow one another. */
    char *two = write_file("[transitions.switch]\neffect = \"no-such-effect\"\nduraton = \"1s\"\n");
    EXPECT(segue_config_load(segue, two), SEGUE_ERROR_CONFIG, "duraton");
    TRUE(strchr(segue_last_error(), '\n') == NULL && strstr(segue_last_error(), "no-such-effect"));
    EXPECT(segue_effect_register_shader(segue, "twice", "vec4 transition(vec2 uv) {\n  float a = nope;\n  return nada;\n}\n"),
           SEGUE_ERROR_SHADER, "nada");
    TRUE(strchr(segue_last_error(), '\n') == NULL && strstr(segue_last_error(), "nope"));
    /* A parameter's start is what a choice of the effect starts with: the config's value where it sets one. */
    char *soft_shader = write_file("uniform float softness; // = 0.1\nuniform float spread; // = 0.25\n"
                                   "vec4 transition(vec2 uv) {\n  return mix(getFromColor(uv), getToColor(uv), progress * softness * spread);\n}\n");
    char text[256];
    snprintf(text, sizeof text, "[effects.soft]\nshader = \"%s\"\nsoftness = 0.5\n", soft_shader);
    char *soft = write_file(text);
    EXPECT(segue_config_load(segue, soft), SEGUE_OK, NULL);
    EXPECT(segue_effect_parameter(segue, "soft", 0, &parameter), SEGUE_OK, NULL);
    TRUE(strcmp(parameter.name, "softness") == 0 && strcmp(parameter.default_value, "0.5") == 0);
    EXPECT(segue_effect_parameter(segue, "soft", 1, &parameter), SEGUE_OK, NULL);
    TRUE(strcmp(parameter.name, "spread") == 0 && strcmp(parameter.default_value, "0.25") == 0);
    EXPECT(segue_config_load(segue, good), SEGUE_OK, NULL);
    segue_choice *chosen;
    segue_window_info terminal = {"foot", "~"};
    EXPECT(segue_config_choose(segue, SEGUE_EVENT_SWITCH, &terminal, NULL, &chosen), SEGUE_OK, NULL);
    TRUE(strcmp(segue_choice_effect(chosen), "crossfade") == 0 && fabs(segue_choice_duration(chosen) - 0.2) < 1e-9);
    EXPECT(segue_config_choose(segue, (segue_event)7, NULL, NULL, &chosen), SEGUE_ERROR_INVALID_ARGUMENT, "segue_event");

    /* Textures that are not textures, or of no size or too large. */
    EXPECT(segue_player_new(segue, &player), SEGUE_OK, NULL);
    GLuint a = texture(64, 36, 0xff0000), b = texture(64, 36, 0x0000ff);
    segue_texture from = {a, 64, 36, 0}, to = {b, 64, 36, SEGUE_TEXTURE_OPAQUE};
    segue_texture not_a_texture = {12345, 64, 36, 0}, empty = {a, 0, 36, 0}, huge = {a, 100000, 36, 0};
    EXPECT(segue_player_start(player, choice, &not_a_texture, &to, 0, NULL, NULL, NULL), SEGUE_ERROR_GL, "12345");
    EXPECT(segue_player_start(player, choice, &empty, &to, 0, NULL, NULL, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "0x36");
    EXPECT(segue_player_start(player, choice, &from, &huge, 0, NULL, NULL, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "100000x36");
    EXPECT(segue_player_start(player, choice, NULL, NULL, 0, NULL, NULL, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "both textures are null");
    GLuint volume;
    glGenTextures(1, &volume);
    glBindTexture(GL_TEXTURE_3D, volume);
    segue_texture not_2d = {volume, 64, 36, 0};
    EXPECT(segue_player_start(player, choice, &from, &not_2d, 0, NULL, NULL, NULL), SEGUE_ERROR_GL, "GL_TEXTURE_2D");
    EXPECT(segue_player_start(player, NULL, &from, &to, 0, NULL, NULL, NULL), SEGUE_ERROR_INVALID_ARGUMENT, "choice is null");

    /* Calls out of order. */
    GLuint output = 0;
    glGenFramebuffers(1, &output);
    glBindFramebuffer(GL_FRAMEBUFFER, output);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture(64, 36, 0), 0);
    EXPECT(segue_player_draw(player, 0, output, 0, 0, 64, 36, 0), SEGUE_ERROR_STATE, "nothing is playing");
    EXPECT(segue_player_presented(player, 0, 16666667), SEGUE_ERROR_STATE, "no frame was drawn");
    EXPECT(segue_player_cancel(player), SEGUE_ERROR_STATE, "nothing is playing");
    EXPECT(segue_player_drive(player, 0.5, 0), SEGUE_ERROR_STATE, "no interactive transition");
    EXPECT(segue_player_release(player, 0, NAN, SEGUE_RELEASE_AUTO), SEGUE_ERROR_STATE, "no interactive transition");
    EXPECT(segue_player_set_textures(player, &from, &to), SEGUE_ERROR_STATE, "nothing is playing");

    /* A bad viewport or framebuffer. */
    uint64_t id = 0;
    EXPECT(segue_player_start(player, choice, &from, &to, 1000000000, completed, (void *)0, &id), SEGUE_OK, NULL);
    TRUE(id != 0);
    EXPECT(segue_player_draw(player, 1000000000, output, 0, 0, 0, 36, 0), SEGUE_ERROR_INVALID_ARGUMENT, "0x36");
    EXPECT(segue_player_draw(player, 1000000000, output, 0, 0, 100000, 36, 0), SEGUE_ERROR_INVALID_ARGUMENT, "100000x36");
    GLuint incomplete;
    glGenFramebuffers(1, &incomplete);
    glBindFramebuffer(GL_FRAMEBUFFER, incomplete); /* a framebuffer from its first binding, with nothing attached */
    EXPECT(segue_player_draw(player, 1000000000, incomplete, 0, 0, 64, 36, 0), SEGUE_ERROR_GL, "not complete");
    EXPECT(segue_player_draw(player, 1000000000, 4242, 0, 0, 64, 36, 0), SEGUE_ERROR_GL, "not a framebuffer");
    EXPECT(segue_player_draw(player, 1000000000, output, 2147483647, 0, 64, 36, 0), SEGUE_ERROR_INVALID_ARGUMENT, "past GL's coordinates");
    EXPECT(segue_player_draw(player, (uint64_t)1 << 63, output, 0, 0, 64, 36, 0), SEGUE_ERROR_INVALID_ARGUMENT, "2^62");
    /* Refused draws leave no frame to present. */
    EXPECT(segue_player_presented(player, 1000000000, 16666667), SEGUE_ERROR_STATE, "no frame was drawn");
    EXPECT(segue_player_draw(player, 1000000000, output, 0, 0, 64, 36, 0), SEGUE_OK, NULL);
    EXPECT(segue_player_presented(player, 1000000000, 0), SEGUE_ERROR_INVALID_ARGUMENT, "refresh");
    EXPECT(segue_player_presented(player, 1000000000, 1), SEGUE_ERROR_INVALID_ARGUMENT, "refresh");
    EXPECT(segue_player_presented(player, 1000000000, 16666667), SEGUE_OK, NULL);
    EXPECT(segue_player_draw(player, 1016666667, output, 0, 0, 64, 36, 0), SEGUE_OK, NULL);
    EXPECT(segue_player_presented(player, 999999999, 16666667), SEGUE_ERROR_INVALID_ARGUMENT, "before the frame presented");
    EXPECT(segue_player_presented(player, 1016666667, 16666667), SEGUE_OK, NULL);

    /* The host's GL state is as it was after a frame. */
    GLuint program = linked_program();
    glUseProgram(program);
    glBindFramebuffer(GL_FRAMEBUFFER, incomplete);
    glViewport(3, 4, 5, 6);
    glEnable(GL_BLEND);
    glEnable(GL_SCISSOR_TEST);
    glActiveTexture(GL_TEXTURE3);
    glBindTexture(GL_TEXTURE_2D, a);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    EXPECT(segue_player_draw(player, 1033333333, output, 0, 0, 64, 36, 0), SEGUE_OK, NULL);
    GLint value, viewport[4];
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &value);
    TRUE(value == (GLint)incomplete);
    glGetIntegerv(GL_CURRENT_PROGRAM, &value);
    TRUE(value == (GLint)program);
    glGetIntegerv(GL_VIEWPORT, viewport);
    TRUE(viewport[0] == 3 && viewport[1] == 4 && viewport[2] == 5 && viewport[3] == 6);
    TRUE(glIsEnabled(GL_BLEND) && glIsEnabled(GL_SCISSOR_TEST));
    glGetIntegerv(GL_ACTIVE_TEXTURE, &value);
    TRUE(value == GL_TEXTURE3);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &value);
    TRUE(value == (GLint)a);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &value);
    TRUE(value == GL_REPEAT);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &value);
    TRUE(value == GL_NEAREST);
    TRUE(glIsTexture(a) && glIsTexture(b));
    glUseProgram(0);
    glDisable(GL_BLEND);
    glDisable(GL_SCISSOR_TEST);
    EXPECT(segue_player_presented(player, 1033333333, 16666667), SEGUE_OK, NULL);

    /* Another transition takes over: the first completes once, interrupted. */
    EXPECT(segue_player_start(player, zoom, &to, &from, 1050000000, completed, (void *)1, NULL), SEGUE_OK, NULL);
    TRUE(completions[0] == 1 && outcomes[0] == SEGUE_OUTCOME_INTERRUPTED);
    EXPECT(segue_player_set_textures(player, NULL, &to), SEGUE_OK, NULL);
    uint64_t time = play_out(player, 1050000000, output, 120);
    TRUE(completions[0] == 1 && completions[1] == 1 && outcomes[1] == SEGUE_OUTCOME_FINISHED);
    EXPECT(segue_player_presented(player, time, 16666667), SEGUE_ERROR_STATE, "no frame was drawn");

    /* A hand drives one, lets go short of halfway and slowly: it goes back. */
    EXPECT(segue_player_start_interactive(player, choice, &from, &to, time, completed, (void *)2, NULL), SEGUE_OK, NULL);
    EXPECT(segue_player_drive(player, NAN, time), SEGUE_ERROR_INVALID_ARGUMENT, "progress");
    TRUE(segue_player_needs_frame(player));
    EXPECT(segue_player_draw(player, time, output, 0, 0, 64, 36, 0), SEGUE_OK, NULL);
    EXPECT(segue_player_presented(player, time, 16666667), SEGUE_OK, NULL);
    TRUE(segue_player_is_animating(player) && !segue_player_needs_frame(player)); /* held still: no frame */
    EXPECT(segue_player_drive(player, 0.3, time + 16666667), SEGUE_OK, NULL);
    TRUE(segue_player_needs_frame(player));
    EXPECT(segue_player_draw(player, time + 16666667, output, 0, 0, 64, 36, 0), SEGUE_OK, NULL);
    EXPECT(segue_player_presented(player, time + 16666667, 16666667), SEGUE_OK, NULL);
    TRUE(!segue_player_needs_frame(player));
    EXPECT(segue_player_set_textures(player, NULL, &to), SEGUE_OK, NULL);
    TRUE(segue_player_needs_frame(player)); /* new content shows in the next frame */
    EXPECT(segue_player_draw(player, time + 16666667, output, 0, 0, 64, 36, 0), SEGUE_OK, NULL);
    EXPECT(segue_player_presented(player, time + 16666667, 16666667), SEGUE_OK, NULL);
    EXPECT(segue_player_release(player, time + 33333333, 0, (segue_release)9), SEGUE_ERROR_INVALID_ARGUMENT, "segue_release");
    EXPECT(segue_player_release(player, time + 33333333, 0, SEGUE_RELEASE_AUTO), SEGUE_OK, NULL);
    TRUE(segue_player_needs_frame(player)); /* let go, it settles */
    EXPECT(segue_player_drive(player, 0.5, time + 33333333), SEGUE_ERROR_STATE, "no interactive transition");
    time = play_out(player, time + 33333333, output, 240);
    TRUE(completions[2] == 1 && outcomes[2] == SEGUE_OUTCOME_CANCELLED);

    /* A callback may start the next transition: it completes in order,
     * once the call that completed the last has put the GL state back. */
    next.player = player, next.choice = choice, next.from = from, next.to = to, next.time = time;
    EXPECT(segue_player_start(player, choice, &from, &to, time, start_next, (void *)5, NULL), SEGUE_OK, NULL);
    glViewport(1, 2, 3, 4);
    EXPECT(segue_player_start(player, choice, &to, &from, time, completed, (void *)6, NULL), SEGUE_OK, NULL);
    TRUE(completions[5] == 1 && outcomes[5] == SEGUE_OUTCOME_INTERRUPTED);
    TRUE(completions[6] == 1 && outcomes[6] == SEGUE_OUTCOME_INTERRUPTED);
    TRUE(completions[7] == 0 && segue_player_is_animating(player));
    glGetIntegerv(GL_VIEWPORT, viewport);
    TRUE(viewport[0] == 7 && viewport[1] == 7 && viewport[2] == 7 && viewport[3] == 7);
    EXPECT(segue_player_cancel(player), SEGUE_OK, NULL);
    TRUE(completions[7] == 1 && outcomes[7] == SEGUE_OUTCOME_CANCELLED);

    /* A frame drawn for a transition that another then replaced counts for neither. */
    memset(completions, 0, sizeof completions);
    EXPECT(segue_player_start(player, choice, &from, &to, time, completed, (void *)0, NULL), SEGUE_OK, NULL);
    EXPECT(segue_player_draw(player, time, output, 0, 0, 64, 36, 0), SEGUE_OK, NULL);
    EXPECT(segue_player_start(player, choice, &to, &from, time, completed, (void *)1, NULL), SEGUE_OK, NULL);
    uint64_t end = time + (uint64_t)(segue_choice_duration(choice) * 1e9);
    EXPECT(segue_player_draw(player, end, output, 0, 0, 64, 36, 0), SEGUE_OK, NULL);
    /* Its last frame drawn, no other is needed while it waits to be presented. */
    TRUE(segue_player_is_animating(player) && !segue_player_needs_frame(player));
    EXPECT(segue_player_presented(player, time, 16666667), SEGUE_OK, NULL);
    TRUE(completions[0] == 1 && outcomes[0] == SEGUE_OUTCOME_INTERRUPTED && completions[1] == 0);
    EXPECT(segue_player_presented(player, end, 16666667), SEGUE_OK, NULL);
    TRUE(completions[1] == 1 && outcomes[1] == SEGUE_OUTCOME_FINISHED && frames_of[1] == 1);
    time = end;

    /* A multisampled framebuffer cannot take the copy: refused before a frame is taken. */
    GLuint samples, multisampled;
    glGenRenderbuffers(1, &samples);
    glBindRenderbuffer(GL_RENDERBUFFER, samples);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 64, 36);
    glGenFramebuffers(1, &multisampled);
    glBindFramebuffer(GL_FRAMEBUFFER, multisampled);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, samples);
    EXPECT(segue_player_start(player, choice, &from, &to, time, NULL, NULL, NULL), SEGUE_OK, NULL);
    EXPECT(segue_player_draw(player, time, multisampled, 0, 0, 64, 36, 0), SEGUE_ERROR_GL, "multisampled");
    EXPECT(segue_player_presented(player, time, 16666667), SEGUE_ERROR_STATE, "no frame was drawn");
    EXPECT(segue_player_cancel(player), SEGUE_OK, NULL);

    /* A callback may free its player; what that interrupts is reported before the free returns. */
    segue_player *doomed;
    EXPECT(segue_player_new(segue, &doomed), SEGUE_OK, NULL);
    to_free = doomed;
    memset(completions, 0, sizeof completions);
    EXPECT(segue_player_start(doomed, choice, &from, &to, time, free_player, (void *)2, NULL), SEGUE_OK, NULL);
    EXPECT(segue_player_start(doomed, choice, &to, &from, time, note_if_freed, (void *)3, NULL), SEGUE_OK, NULL);
    TRUE(freed && completions[2] == 1 && completions[3] == 1 && outcomes[3] == SEGUE_OUTCOME_INTERRUPTED && completed_after_free == 0);
    memset(completions, 0, sizeof completions);

    /* A texture the host deleted while a transition plays is refused, not made again. */
    GLuint gone = texture(64, 36, 0x00ff00);
    segue_texture going = {gone, 64, 36, 0};
    EXPECT(segue_player_start(player, choice, &going, &to, time, NULL, NULL, NULL), SEGUE_OK, NULL);
    glDeleteTextures(1, &gone);
    EXPECT(segue_player_draw(player, time, output, 0, 0, 64, 36, 0), SEGUE_ERROR_GL, "not a texture");
    TRUE(!glIsTexture(gone));
    EXPECT(segue_player_set_textures(player, &from, NULL), SEGUE_OK, NULL);
    EXPECT(segue_player_draw(player, time, output, 0, 0, 64, 36, 0), SEGUE_OK, NULL);
    EXPECT(segue_player_presented(player, time, 16666667), SEGUE_OK, NULL);
    EXPECT(segue_player_cancel(player), SEGUE_OK, NULL);

    check_drawing_ignores_host_state(segue, output);

    /* Into a viewport: only there, top row at its top, or at its bottom with SEGUE_DRAW_FLIP_Y. */
    segue_texture top_red = {halves(64, 36, 0xff0000, 0x0000ff), 64, 36, 0};
    EXPECT(segue_player_start(player, choice, &top_red, &to, time, NULL, NULL, NULL), SEGUE_OK, NULL);
    glBindFramebuffer(GL_FRAMEBUFFER, output);
    glClearColor(0, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    EXPECT(segue_player_draw(player, time, output, 32, 18, 32, 18, 0), SEGUE_OK, NULL);
    TRUE(red_at(output, 33, 19) == 255 && red_at(output, 62, 34) == 0 && red_at(output, 30, 16) == 0);
    EXPECT(segue_player_draw(player, time, output, 0, 0, 64, 36, SEGUE_DRAW_FLIP_Y), SEGUE_OK, NULL);
    TRUE(red_at(output, 5, 2) == 0 && red_at(output, 5, 33) == 255);
    EXPECT(segue_player_presented(player, time, 16666667), SEGUE_OK, NULL);
    EXPECT(segue_player_presented(player, time, 16666667), SEGUE_OK, NULL);
    EXPECT(segue_player_cancel(player), SEGUE_OK, NULL);

    /* The hero zoom grows from its source rectangle: early on, `to` shows there and nowhere else. */
    EXPECT(segue_choice_set(zoom, "fade-in", "0"), SEGUE_OK, NULL);
    EXPECT(segue_choice_set_source_rect(zoom, 40, 20, 16, 9, 64, 36), SEGUE_OK, NULL);
    EXPECT(segue_player_start(player, zoom, &from, &to, time, NULL, NULL, NULL), SEGUE_OK, NULL);
    EXPECT(segue_player_draw(player, time + (uint64_t)(segue_choice_duration(zoom) * 1.5e8), output, 0, 0, 64, 36, 0), SEGUE_OK, NULL);
    TRUE(red_at(output, 48, 24) == 0 && red_at(output, 5, 5) == 255 && red_at(output, 48, 10) == 255);
    EXPECT(segue_player_presented(player, time, 16666667), SEGUE_OK, NULL);
    EXPECT(segue_player_cancel(player), SEGUE_OK, NULL);

    /* A gl-transitions shader with an image parameter: listed as one; a file
     * that is not there is refused at the start; without one, a ramp dark on
     * the left, so halfway the left shows `to` and the right `from`. */
    EXPECT(segue_effect_register_shader(segue, "luma-wipe",
                                        "uniform sampler2D luma;\n"
                                        "vec4 transition(vec2 uv) {\n"
                                        "  return mix(getFromColor(uv), getToColor(uv), step(texture2D(luma, uv).r, progress));\n"
                                        "}\n"),
           SEGUE_OK, NULL);
    EXPECT(segue_effect_parameter(segue, "luma-wipe", 0, &parameter), SEGUE_OK, NULL);
    TRUE(strcmp(parameter.name, "luma") == 0 && strcmp(parameter.type, "image") == 0);
    segue_choice *luma;
    EXPECT(segue_choice_new(segue, "luma-wipe", &luma), SEGUE_OK, NULL);
    EXPECT(segue_choice_set(luma, "luma", "/nonexistent/luma.png"), SEGUE_OK, NULL);
    EXPECT(segue_player_start(player, luma, &from, &to, time, NULL, NULL, NULL), SEGUE_ERROR_IO, "/nonexistent/luma.png");
    char *not_png = write_file("not a PNG\n");
    EXPECT(segue_choice_set(luma, "luma", not_png), SEGUE_OK, NULL);
    EXPECT(segue_player_start(player, luma, &from, &to, time, NULL, NULL, NULL), SEGUE_ERROR_IO, "luma");
    unlink(not_png);
    free(not_png);
    segue_choice_free(luma);
    EXPECT(segue_choice_new(segue, "luma-wipe", &luma), SEGUE_OK, NULL);
    uint64_t half = (uint64_t)(segue_choice_duration(luma) * 5e8);
    EXPECT(segue_player_start(player, luma, &from, &to, time, NULL, NULL, NULL), SEGUE_OK, NULL);
    EXPECT(segue_player_draw(player, time + half, output, 0, 0, 64, 36, 0), SEGUE_OK, NULL);
    TRUE(red_at(output, 4, 18) < 20 && red_at(output, 59, 18) > 235);
    EXPECT(segue_player_presented(player, time + half, 16666667), SEGUE_OK, NULL);
    time = play_out(player, time + half + 16666667, output, 120);
    segue_choice_free(luma);

    /* An instant change completes at once; cancel ends one as cancelled. */
    segue_choice *none;
    char *instant = write_file("[transitions.close]\neffect = \"none\"\n");
    EXPECT(segue_config_load(segue, instant), SEGUE_OK, NULL);
    EXPECT(segue_config_choose(segue, SEGUE_EVENT_CLOSE, NULL, NULL, &none), SEGUE_OK, NULL);
    TRUE(segue_choice_effect(none) == NULL);
    EXPECT(segue_choice_set(none, "angle", "1"), SEGUE_ERROR_STATE, "instant");
    EXPECT(segue_player_start(player, none, &from, &to, time, completed, (void *)3, &id), SEGUE_OK, NULL);
    TRUE(id == 0 && completions[3] == 1 && !segue_player_is_animating(player));
    EXPECT(segue_player_start(player, choice, &from, &to, time, completed, (void *)3, NULL), SEGUE_OK, NULL);
    EXPECT(segue_player_cancel(player), SEGUE_OK, NULL);
    TRUE(completions[3] == 2 && outcomes[3] == SEGUE_OUTCOME_CANCELLED);

    /* With another context current, or none, nothing is drawn. */
    EGLContext other = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, (EGLint[]){EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE});
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, other);
    EXPECT(segue_effect_count(segue, &count), SEGUE_ERROR_NO_CONTEXT, "not current");
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    EXPECT(segue_player_start(player, choice, &from, &to, time, NULL, NULL, NULL), SEGUE_ERROR_NO_CONTEXT, "not current");
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, egl);
    EXPECT(segue_effect_count(segue, &count), SEGUE_OK, NULL);

    /* Thousands of calls in a random order with random arguments, good and
     * bad: each returns a status (a trap in the library would end this
     * process), and a transition started completes exactly once. */
    segue_choice *choices[] = {choice, zoom, chosen, none};
    segue_texture textures[] = {from, to, top_red, not_a_texture, empty, huge, not_2d};
    double odd[] = {0.5, -3, 7, NAN, INFINITY, -INFINITY, 1e308};
    uint64_t clock = time + 1000000000, ids[8] = {0};
    memset(completions, 0, sizeof completions);
    int started = 0;
    for (int i = 0; i < 4000; i++) {
        segue_texture *a = &textures[next_random(7)], *b = &textures[next_random(7)];
        uint64_t when = next_random(10) ? (clock += next_random(20000000)) : next_random(2000000000);
        switch (next_random(9)) {
        case 0: case 1:
            if (segue_player_start(player, choices[next_random(4)], a, b, when, completed, (void *)(intptr_t)(started % 8),
                                   &ids[started % 8]) == SEGUE_OK) started++;
            break;
        case 2:
            if (segue_player_start_interactive(player, choices[next_random(3)], a, b, when, completed,
                                               (void *)(intptr_t)(started % 8), NULL) == SEGUE_OK) started++;
            break;
        case 3:
            segue_player_draw(player, when, next_random(4) ? output : next_random(10), (int32_t)next_random(70) - 3,
                              (int32_t)next_random(40) - 3, (int32_t)next_random(80), (int32_t)next_random(50), next_random(2));
            break;
        case 4: segue_player_presented(player, when, next_random(3) ? 16666667 : next_random(100000000)); break;
        case 5: segue_player_drive(player, odd[next_random(7)], when); break;
        case 6: segue_player_release(player, when, odd[next_random(7)], (segue_release)next_random(4)); break;
        case 7: segue_player_set_textures(player, next_random(2) ? a : NULL, next_random(2) ? b : NULL); break;
        default: segue_player_cancel(player); (void)segue_player_needs_frame(player); break;
        }
    }
    while (segue_player_is_animating(player)) segue_player_cancel(player);
    int total = 0, more_than_once = 0;
    for (int slot = 0; slot < 8; slot++) total += completions[slot];
    for (int slot = 0; slot < 8; slot++) more_than_once += completions[slot] > (started + 7 - slot) / 8;
    TRUE(started > 100 && total == started && more_than_once == 0);

    segue_choice_free(none);
    segue_choice_free(chosen);
    segue_choice_free(zoom);
    segue_choice_free(choice);
    segue_player_free(player);
    segue_context_free(segue);
    char *made[] = {bad_shader, good, bad, unknown, instant, two, soft_shader, soft};
    for (size_t i = 0; i < sizeof made / sizeof *made; i++) {
        unlink(made[i]);
        free(made[i]);
    }
    printf("%d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
