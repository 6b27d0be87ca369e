/*
 * libsegue: Segue's window-switch transitions for any compositor.
 *
 * Segue draws a transition between two of the host's GL textures into the
 * host's framebuffer, with the host's own EGL context and OpenGL ES 3. Its
 * effects (the built-ins, gl-transitions shader files, and those a Segue
 * config names), its timing (a transition's progress follows the predicted
 * presentation time of each frame and completes when its last frame was
 * presented) and its config (which transition each open, close or switch
 * plays, per app) are those of the `segue` compositor itself.
 *
 * Rules:
 * - One thread. Every call comes from the thread that made the context, with
 *   the context's EGL context current; otherwise it returns an error.
 * - Every call returns a segue_status; SEGUE_OK is 0. On an error,
 *   segue_last_error() says what went wrong, in one line (several problems
 *   follow one another after "; ").
 * - Textures are GL_TEXTURE_2D, rows top first (row 0 is the top, as a
 *   wl_shm buffer uploads), sampled where they are: never copied, never
 *   deleted. Segue sets their sampling parameters while it draws and puts
 *   them back after.
 * - The framebuffer is drawn with its top row at the viewport's y (GL's y = 0
 *   is the top, as in a buffer a compositor scans out); SEGUE_DRAW_FLIP_Y is
 *   for a window surface's default framebuffer, whose y = 0 is the bottom.
 * - Segue keeps the GL state it finds: after each call the bindings,
 *   viewport, scissor, blending, masks, pixel stores and program are what
 *   they were. GL errors pending when a call that checks textures or draws
 *   begins (start, set_textures, draw) are taken (glGetError), so that
 *   Segue can tell its own.
 * - Times are CLOCK_MONOTONIC nanoseconds, as presentation times are, up to 2^62.
 * - Strings Segue returns stay valid until the next call on the same object.
 */
#ifndef SEGUE_SEGUE_H
#define SEGUE_SEGUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI this header describes: libsegue.so.SEGUE_ABI_VERSION. */
#define SEGUE_ABI_VERSION 0

typedef enum segue_status {
    SEGUE_OK = 0,
    /* A null handle or pointer, a size out of range, a name or value that is not one. */
    SEGUE_ERROR_INVALID_ARGUMENT = 1,
    /* No EGL context with OpenGL ES 3 is current, or not the context's own,
     * or the call came from another thread. */
    SEGUE_ERROR_NO_CONTEXT = 2,
    /* A call out of order: nothing is playing, no frame was drawn, no hand drives. */
    SEGUE_ERROR_STATE = 3,
    /* No effect, or no parameter, of that name. */
    SEGUE_ERROR_NOT_FOUND = 4,
    /* A shader that does not parse or compile; the message names file:line:column. */
    SEGUE_ERROR_SHADER = 5,
    /* A config with a problem in it (or in a shader file it names); the
     * message names file:line:column. The last good config stays. */
    SEGUE_ERROR_CONFIG = 6,
    /* A file passed to a call (a config, a shader, an image) that cannot be
     * read, or Segue's own shaders missing beside the library. */
    SEGUE_ERROR_IO = 7,
    /* GL failed: a texture id that is not a texture, a framebuffer that is not complete. */
    SEGUE_ERROR_GL = 8,
} segue_status;

/* The message of the last error on this thread, or "" after none. */
const char *segue_last_error(void);
/* Segue's version, e.g. "0.9.0". */
const char *segue_version(void);

/* ---- Context: effects and config, on the caller's current EGL context ---- */

typedef struct segue_context segue_context;

/* A context on the EGL context current on this thread, which must offer
 * OpenGL ES 3. It knows the built-in effects. */
segue_status segue_context_new(segue_context **out);
/* Frees what the context made on the GPU, once its players are freed too.
 * Its EGL context must be current (otherwise nothing is freed, rather than
 * another context's objects). Null is ignored. */
void segue_context_free(segue_context *context);

/* The effects known now: the built-ins, those registered, and those of the
 * loaded config. `index` counts from 0 in name order. */
segue_status segue_effect_count(segue_context *context, size_t *count);
segue_status segue_effect_name(segue_context *context, size_t index, const char **name);

/* A gl-transitions shader file (its `uniform` lines with `// = default`
 * comments are its parameters; sampler2D ones take PNG paths) registered
 * under its file name without `.glsl`, compiled now. */
segue_status segue_effect_load_shader(segue_context *context, const char *path, const char **name);
/* The same from text, under `name`. */
segue_status segue_effect_register_shader(segue_context *context, const char *name, const char *glsl);

typedef struct segue_parameter {
    /* kebab-case, as configs write it, e.g. "shadow-radius". */
    const char *name;
    /* "float", "int", "bool", "vec2", "vec3", "vec4", "ivec2" or "image". */
    const char *type;
    /* The value a choice of the effect starts with, as a config would write
     * it: the loaded config's [effects.NAME] value, else the effect's own default. */
    const char *default_value;
    const char *summary;
} segue_parameter;

segue_status segue_effect_parameter_count(segue_context *context, const char *effect, size_t *count);
segue_status segue_effect_parameter(segue_context *context, const char *effect, size_t index, segue_parameter *out);

/* Loads a Segue config file (the format `segue check-config` checks). On a
 * problem nothing changes and the error names file:line:column. */
segue_status segue_config_load(segue_context *context, const char *path);

/* ---- Choices: an effect with its settings ---- */

typedef enum segue_event {
    SEGUE_EVENT_OPEN = 0,
    SEGUE_EVENT_CLOSE = 1,
    SEGUE_EVENT_SWITCH = 2,
    /* A host's workspace switch: from one desktop to another ([transitions.workspace]). */
    SEGUE_EVENT_WORKSPACE = 3,
    /* A window minimized: it pours into its taskbar button ([transitions.minimize]). */
    SEGUE_EVENT_MINIMIZE = 4,
    /* A minimized window restored: the minimize played in reverse ([transitions.restore]). */
    SEGUE_EVENT_RESTORE = 5,
} segue_event;

typedef struct segue_window_info {
    /* Null reads as "". */
    const char *app_id;
    const char *title;
} segue_window_info;

typedef struct segue_choice segue_choice;

/* What the config (or the built-in defaults, without one) plays for `event`
 * from window `from` to window `to` (either may be null). A choice of no
 * effect is an instant change: segue_choice_effect gives null. */
segue_status segue_config_choose(segue_context *context, segue_event event, const segue_window_info *from,
                                 const segue_window_info *to, segue_choice **out);
/* An effect by name with its defaults, played forward. */
segue_status segue_choice_new(segue_context *context, const char *effect, segue_choice **out);
void segue_choice_free(segue_choice *choice);

/* The effect's name, or null for an instant change. */
const char *segue_choice_effect(const segue_choice *choice);
/* Sets a parameter as `segue preview --param` takes it: "0.5", "true",
 * "0.1,0.2,0.3,0.4", "#ff8800" for a colour, a PNG path for an image. */
segue_status segue_choice_set(segue_choice *choice, const char *parameter, const char *value);
segue_status segue_choice_set_duration(segue_choice *choice, double seconds);
double segue_choice_duration(const segue_choice *choice);
/* Played backward (a close): the same effect undoing itself. */
segue_status segue_choice_set_reverse(segue_choice *choice, bool reverse);
/* The rectangle the hero zoom grows from (the window's icon, say), in pixels
 * of an output `output_width` × `output_height`, from its top-left. Effects
 * that grow from no rectangle ignore it. */
segue_status segue_choice_set_source_rect(segue_choice *choice, int32_t x, int32_t y, int32_t width, int32_t height,
                                          int32_t output_width, int32_t output_height);

/* ---- Players: the transitions of one output ---- */

typedef struct segue_player segue_player;

enum {
    /* Every pixel is opaque, whatever the texture's alpha holds (XRGB content). */
    SEGUE_TEXTURE_OPAQUE = 1 << 0,
};

typedef struct segue_texture {
    uint32_t id;
    int32_t width;
    int32_t height;
    uint32_t flags;
} segue_texture;

typedef enum segue_outcome {
    /* Played to its end: `to` shows. */
    SEGUE_OUTCOME_FINISHED = 0,
    /* A hand let go short of the end, or segue_player_cancel: `from` shows. */
    SEGUE_OUTCOME_CANCELLED = 1,
    /* Another transition started before it ended, from what was on screen. */
    SEGUE_OUTCOME_INTERRUPTED = 2,
} segue_outcome;

typedef struct segue_completion {
    /* The id segue_player_start gave. */
    uint64_t id;
    segue_outcome outcome;
    /* The effect's name, valid during the callback; null for an instant change. */
    const char *effect;
    /* Frames presented, refreshes that passed with no new frame, and the
     * seconds from the first presentation to the last. */
    uint32_t frames;
    uint32_t missed_refreshes;
    double presented_seconds;
    /* The median time the GPU took per frame, in seconds, or 0 where unknown. */
    double median_render_seconds;
} segue_completion;

/* Called once per transition, at the end of the call that completed it
 * (segue_player_presented; segue_player_start, for the one it interrupts and
 * for an instant change; segue_player_cancel; segue_player_free), once the
 * GL state is the caller's again. It may call the player again, to start the
 * next transition; calls on a player being freed return SEGUE_ERROR_STATE. */
typedef void (*segue_completion_fn)(void *user_data, const segue_completion *completion);

segue_status segue_player_new(segue_context *context, segue_player **out);
/* Completes a running transition as interrupted first. Its EGL context must
 * be current (otherwise nothing is freed, rather than another context's
 * objects). Null is ignored. */
void segue_player_free(segue_player *player);

/* Starts `choice` from `from` to `to` at `now_ns` (CLOCK_MONOTONIC
 * nanoseconds, as presentation times are). While another plays, the new one
 * starts from that one's frame drawn last (or from where it started, before
 * any), and the other completes as interrupted.
 * Either side (not both: SEGUE_ERROR_INVALID_ARGUMENT) may be null, nothing:
 * a window opening plays from nothing to it, one closing from it to nothing.
 * Such a transition is drawn over what the framebuffer holds (see
 * segue_player_draw_window).
 * `id` (may be null) is what the completion will carry. A choice of no effect
 * completes at once, with id 0. */
segue_status segue_player_start(segue_player *player, const segue_choice *choice, const segue_texture *from,
                                const segue_texture *to, uint64_t now_ns, segue_completion_fn done, void *user_data,
                                uint64_t *id);
/* The same, its progress driven by a hand (segue_player_drive) until released. */
segue_status segue_player_start_interactive(segue_player *player, const segue_choice *choice, const segue_texture *from,
                                            const segue_texture *to, uint64_t now_ns, segue_completion_fn done,
                                            void *user_data, uint64_t *id);
/* New content for the running transition's windows (a client drew): either
 * may be null. A side that shows a snapshot (the transition interrupted
 * another, and starts from its frame), or nothing, keeps it. */
segue_status segue_player_set_textures(segue_player *player, const segue_texture *from, const segue_texture *to);

/* Whether a transition plays. */
bool segue_player_is_animating(const segue_player *player);
/* Whether the next refresh needs a frame: a transition plays, its last frame
 * is not drawn yet, and it moves. One a hand holds still needs none until
 * the hand moves or new content comes. */
bool segue_player_needs_frame(const segue_player *player);

enum {
    /* The framebuffer's y = 0 is its bottom row (a window surface's default framebuffer). */
    SEGUE_DRAW_FLIP_Y = 1 << 0,
};

/* Draws the frame to be presented at `predicted_ns` into `framebuffer`
 * (0: the default one; not multisampled) at the viewport x, y, width,
 * height, replacing what it held there; a transition with a side that is
 * nothing is drawn over it, as segue_player_draw_window draws it with no
 * margin. A draw that returns an error leaves no frame to present. */
segue_status segue_player_draw(segue_player *player, uint64_t predicted_ns, uint32_t framebuffer, int32_t x, int32_t y,
                               int32_t width, int32_t height, uint32_t flags);
/* Where a window is, for segue_player_draw_window. */
typedef struct segue_window_area {
    /* The window's rectangle, in pixels of the framebuffer from its top-left:
     * anywhere, clipped at the framebuffer's edges, with at least one of its
     * pixels on it. */
    int32_t x, y, width, height;
    /* Room on every side of the window the effect may draw into, in pixels: a
     * melt's columns falling below it, a shadow, a zoom growing from a source
     * rectangle elsewhere on the output. 0 keeps the effect to the window.
     * The window and its margin must fit in a texture (GL_MAX_TEXTURE_SIZE). */
    int32_t margin;
    /* The framebuffer's (the output's) size: where it ends, and what a choice's
     * source rectangle is in. */
    int32_t framebuffer_width, framebuffer_height;
} segue_window_area;

/* Draws the frame to be presented at `predicted_ns` for a window at `area`
 * of `framebuffer`, over what the framebuffer holds: with premultiplied
 * alpha, touching only the pixels the effect covers, within the window and
 * its margin; every other pixel stays as it was. The textures are the
 * window's; a side that is nothing shows what is behind. The effect plays
 * over the window and its margin as it would over an output of that size:
 * doom-melt's columns fall into the margin below, circle-reveal's hole and
 * shadow open from the window's centre, zoom-from-rect grows the window
 * from the choice's source rectangle, slide and rotate move it within the
 * margin. Each effect is drawn in whichever of its forms (layers of copies
 * and quads, or its shader; both look alike) drew faster at the
 * framebuffer's size on this renderer.
 * SEGUE_ERROR_INVALID_ARGUMENT for a null area, an empty window or
 * framebuffer, a window with no pixel on the framebuffer, a negative margin,
 * a window and margin past GL's texture size, or a framebuffer past GL's
 * viewport size; otherwise as segue_player_draw (SEGUE_ERROR_STATE with
 * nothing playing, SEGUE_ERROR_GL for a framebuffer that is not one, is not
 * complete or is multisampled). No frame is left to present after an error.
 * A transition that interrupts one drawn so starts from the frame drawn
 * last, margin included, where it was: a column that fell below the window
 * stays there as the next effect begins. */
segue_status segue_player_draw_window(segue_player *player, uint64_t predicted_ns, uint32_t framebuffer,
                                      const segue_window_area *area, uint32_t flags);
/* The oldest frame drawn and not yet presented was presented at
 * `presented_ns` (never before the one presented last); `refresh_ns` is the
 * output's refresh interval, 100 µs to 1 s. Completion, when this was the
 * last frame, is called from here. */
segue_status segue_player_presented(segue_player *player, uint64_t presented_ns, uint64_t refresh_ns);
/* Ends the running transition now, as cancelled. */
segue_status segue_player_cancel(segue_player *player);

/* A hand moves an interactive transition to `progress` (0 from, 1 to). */
segue_status segue_player_drive(segue_player *player, double progress, uint64_t now_ns);

typedef enum segue_release {
    /* Finishes or goes back by where and how fast the hand let go. */
    SEGUE_RELEASE_AUTO = 0,
    SEGUE_RELEASE_FINISH = 1,
    SEGUE_RELEASE_CANCEL = 2,
} segue_release;

/* The hand let go: the transition settles, like a spring, toward its end or
 * back. `velocity` in progress per second, or NaN for the hand's own. */
segue_status segue_player_release(segue_player *player, uint64_t now_ns, double velocity, segue_release toward);

#ifdef __cplusplus
}
#endif

#endif
