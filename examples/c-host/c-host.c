/*
 * A compositor's use of libsegue, in plain C: an EGL context with no window,
 * two window textures with a marker in one corner, and every effect played
 * through the C API into the host's own framebuffer, checked at progress 0,
 * 0.5 and 1. Writes the frames as a contact sheet (a PNG, one row per effect).
 *
 *   cc c-host.c $(pkg-config --cflags --libs segue egl glesv2 libpng) -o c-host
 *   ./c-host SHADER.glsl contact-sheet.png
 *
 * SHADER.glsl is a gl-transitions file, played after the built-ins.
 * Exits 0 when every check passes.
 *
 *   ./c-host --bench 1920x1080 [FRAMES]
 *
 * prints what a frame through libsegue costs at that size, drawn and
 * finished, for each effect, beside a blit of the whole frame (what libsegue
 * adds to its own drawing: its frame is copied into the host's framebuffer);
 * and the same effect as a window of that size opening over the desktop
 * (segue_player_draw_window: its shader, and the frame laid over with a blend).
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h> /* GL_BGRA_EXT */
#include <png.h>
#include <segue/segue.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { W = 320, H = 180, MARK = 24, MAX_EFFECTS = 32 };

typedef struct { unsigned char r, g, b, a; } rgba;

static const rgba from_fill = {200, 40, 40, 255}, from_mark = {255, 255, 255, 255};
static const rgba to_fill = {40, 60, 200, 255}, to_mark = {255, 220, 0, 255};
static int failures;

static void check(int ok, const char *effect, const char *what) {
    if (!ok) {
        fprintf(stderr, "FAIL %s: %s\n", effect, what);
        failures++;
    }
}

static int near(rgba a, rgba b, int tolerance) {
    return abs(a.r - b.r) <= tolerance && abs(a.g - b.g) <= tolerance && abs(a.b - b.b) <= tolerance;
}

/* A window: `fill`, with a MARK-square of `mark` in its top-left (from) or top-right (to) corner. */
static GLuint window_texture(rgba fill, rgba mark, int right) {
    static rgba pixels[W * H];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int marked = y < MARK && (right ? x >= W - MARK : x < MARK);
            pixels[y * W + x] = marked ? mark : fill; /* row 0 is the top */
        }
    GLuint texture;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    return texture;
}

static void read_frame(GLuint framebuffer, rgba *out) {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
    glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, out);
}

/* The frame shows exactly one window, its marker in its own corner. */
static int shows(const rgba *frame, rgba fill, rgba mark, int right) {
    int mx = right ? W - MARK / 2 : MARK / 2, other = right ? MARK / 2 : W - MARK / 2;
    return near(frame[(MARK / 2) * W + mx], mark, 2) && near(frame[(MARK / 2) * W + other], fill, 2) &&
           near(frame[(H - MARK / 2) * W + mx], fill, 2) && near(frame[(H / 2) * W + W / 2], fill, 2);
}

static int completions;
static segue_completion last;

static void completed(void *user_data, const segue_completion *completion) {
    (void)user_data;
    completions++;
    last = *completion;
}

static EGLDisplay open_display(void) {
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_display = (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    EGLDisplay display = get_display ? get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL) : EGL_NO_DISPLAY;
    if (display != EGL_NO_DISPLAY && eglInitialize(display, NULL, NULL)) return display;
    /* Drivers without Mesa's surfaceless platform (NVIDIA's) offer their devices. */
    PFNEGLQUERYDEVICESEXTPROC query = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
    EGLDeviceEXT device;
    EGLint count = 0;
    if (!get_display || !query || !query(1, &device, &count) || count < 1) return EGL_NO_DISPLAY;
    display = get_display(EGL_PLATFORM_DEVICE_EXT, device, NULL);
    return display != EGL_NO_DISPLAY && eglInitialize(display, NULL, NULL) ? display : EGL_NO_DISPLAY;
}

static void put_frame(rgba *sheet, int sheet_width, int column, int row, const rgba *frame) {
    for (int y = 0; y < H; y++) memcpy(&sheet[(row * H + y) * sheet_width + column * W], &frame[y * W], W * sizeof(rgba));
}

static int write_png(const char *path, const rgba *pixels, int width, int height) {
    FILE *file = fopen(path, "wb");
    if (!file) return 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fclose(file);
        return 0;
    }
    png_init_io(png, file);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) png_write_row(png, (png_const_bytep)&pixels[y * width]);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return fclose(file) == 0;
}

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *values, int count) {
    qsort(values, count, sizeof *values, by_value);
    return values[count / 2];
}

static GLuint framebuffer_of(GLuint texture) {
    GLuint framebuffer;
    glGenFramebuffers(1, &framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
    return framebuffer;
}

/* A texture as a compositor holds a wl_shm window's: bytes B, G, R, A where GL offers that order. */
static GLuint blank_texture(int width, int height) {
    GLuint texture;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    if (strstr((const char *)glGetString(GL_EXTENSIONS), "GL_EXT_texture_format_BGRA8888"))
        glTexImage2D(GL_TEXTURE_2D, 0, GL_BGRA_EXT, width, height, 0, GL_BGRA_EXT, GL_UNSIGNED_BYTE, NULL);
    else
        glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, width, height);
    return texture;
}

/* The median milliseconds of a frame of each effect at width × height, and of a blit of that size. */
static int bench(segue_context *segue, int width, int height, int frames) {
    segue_texture from = {blank_texture(width, height), width, height, SEGUE_TEXTURE_OPAQUE};
    segue_texture to = {blank_texture(width, height), width, height, SEGUE_TEXTURE_OPAQUE};
    GLuint output = framebuffer_of(blank_texture(width, height)), source = framebuffer_of(from.id);
    double *times = calloc(frames, sizeof *times);
    for (int f = 0; f < frames; f++) {
        double start = now_ms();
        glBindFramebuffer(GL_READ_FRAMEBUFFER, source);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, output);
        glBlitFramebuffer(0, 0, width, height, 0, 0, width, height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
        glFinish();
        times[f] = now_ms() - start;
    }
    double blit = median(times, frames);
    printf("%dx%d, median of %d frames, %s\n| effect | ms per frame | x blit | over the desktop, ms | x blit |\n"
           "| --- | ---: | ---: | ---: | ---: |\n| blit | %.2f | 1.00 | | |\n",
           width, height, frames, (const char *)glGetString(GL_RENDERER), blit);
    segue_player *player;
    size_t count = 0;
    if (segue_player_new(segue, &player) != SEGUE_OK || segue_effect_count(segue, &count) != SEGUE_OK) return 1;
    uint64_t clock = 1000000000;
    for (size_t i = 0; i < count; i++) {
        const char *name;
        segue_choice *choice;
        if (segue_effect_name(segue, i, &name) != SEGUE_OK || segue_choice_new(segue, name, &choice) != SEGUE_OK) return 1;
        uint64_t step = (uint64_t)(segue_choice_duration(choice) * 1e9) / (frames + 1);
        /* Between two windows into a viewport, then a window of the frame's size opening over the desktop. */
        double frame[2];
        segue_window_area area = {0, 0, width, height, 0, width, height};
        for (int over = 0; over < 2; over++) {
            segue_player_start(player, choice, over ? NULL : &from, &to, clock, NULL, NULL, NULL);
            /* The first frame at a size also times the effect's forms, to choose one: not counted. */
            for (int f = -1; f < frames; f++) {
                uint64_t time = clock + (uint64_t)(f + 1) * step;
                double start = now_ms();
                segue_status drawn = over ? segue_player_draw_window(player, time, output, &area, 0)
                                          : segue_player_draw(player, time, output, 0, 0, width, height, 0);
                if (drawn != SEGUE_OK) return 1;
                glFinish();
                if (f >= 0) times[f] = now_ms() - start;
                segue_player_presented(player, time, step);
            }
            segue_player_cancel(player);
            clock += (frames + 2) * step;
            frame[over] = median(times, frames);
        }
        printf("| %s | %.2f | %.2f | %.2f | %.2f |\n", name, frame[0], frame[0] / blit, frame[1], frame[1] / blit);
        segue_choice_free(choice);
    }
    segue_player_free(player);
    free(times);
    return 0;
}

int main(int argc, char **argv) {
    int width = 0, height = 0, frames = 30;
    int benching = argc >= 3 && strcmp(argv[1], "--bench") == 0 && sscanf(argv[2], "%dx%d", &width, &height) == 2;
    if (benching && argc == 4) frames = atoi(argv[3]);
    if (benching ? width < 1 || height < 1 || frames < 1 || argc > 4 : argc != 3) {
        fprintf(stderr, "usage: %s SHADER.glsl CONTACT-SHEET.png\n       %s --bench WIDTHxHEIGHT [FRAMES]\n", argv[0], argv[0]);
        return 2;
    }
    EGLDisplay display = open_display();
    EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
    EGLContext egl = EGL_NO_CONTEXT;
    if (display != EGL_NO_DISPLAY && eglBindAPI(EGL_OPENGL_ES_API))
        egl = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
    if (egl == EGL_NO_CONTEXT || !eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, egl)) {
        fprintf(stderr, "no EGL context with OpenGL ES 3\n");
        return 1;
    }

    segue_context *segue;
    if (segue_context_new(&segue) != SEGUE_OK) {
        fprintf(stderr, "segue_context_new: %s\n", segue_last_error());
        return 1;
    }
    if (benching) return bench(segue, width, height, frames);
    const char *shader;
    if (segue_effect_load_shader(segue, argv[1], &shader) != SEGUE_OK) {
        fprintf(stderr, "%s\n", segue_last_error());
        return 1;
    }

    /* The compositor's own: two window textures and the framebuffer it composes into. */
    segue_texture from = {window_texture(from_fill, from_mark, 0), W, H, 0};
    segue_texture to = {window_texture(to_fill, to_mark, 1), W, H, 0};
    GLuint output_texture, output;
    glGenTextures(1, &output_texture);
    glBindTexture(GL_TEXTURE_2D, output_texture);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, W, H);
    glGenFramebuffers(1, &output);
    glBindFramebuffer(GL_FRAMEBUFFER, output);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, output_texture, 0);

    segue_player *player;
    size_t count = 0;
    if (segue_player_new(segue, &player) != SEGUE_OK || segue_effect_count(segue, &count) != SEGUE_OK || count > MAX_EFFECTS) {
        fprintf(stderr, "%s\n", segue_last_error());
        return 1;
    }
    static rgba frame[W * H], sheet[3 * W * MAX_EFFECTS * H];
    /* The output's clock: presentation times only go forward. */
    uint64_t start = 1000000000;
    const uint64_t refresh = 16666667;
    for (size_t i = 0; i < count; i++) {
        const char *name;
        segue_choice *choice;
        if (segue_effect_name(segue, i, &name) != SEGUE_OK || segue_choice_new(segue, name, &choice) != SEGUE_OK) {
            fprintf(stderr, "%s\n", segue_last_error());
            return 1;
        }
        uint64_t duration = (uint64_t)(segue_choice_duration(choice) * 1e9);
        completions = 0;
        if (segue_player_start(player, choice, &from, &to, start, completed, NULL, NULL) != SEGUE_OK) {
            fprintf(stderr, "%s: %s\n", name, segue_last_error());
            return 1;
        }
        /* The frames for the presentation times at progress 0, 0.5 and 1. */
        uint64_t times[3] = {start, start + duration / 2, start + duration};
        for (int f = 0; f < 3; f++) {
            if (segue_player_draw(player, times[f], output, 0, 0, W, H, 0) != SEGUE_OK ||
                segue_player_presented(player, times[f], refresh) != SEGUE_OK) {
                fprintf(stderr, "%s: %s\n", name, segue_last_error());
                return 1;
            }
            read_frame(output, frame);
            put_frame(sheet, 3 * W, f, (int)i, frame);
            if (f == 0) check(shows(frame, from_fill, from_mark, 0), name, "progress 0 shows the first window, its marker top left");
            if (f == 2) check(shows(frame, to_fill, to_mark, 1), name, "progress 1 shows the second window, its marker top right");
            if (f == 1) {
                int of_from = 0, of_to = 0, between = 0;
                for (int p = 0; p < W * H; p++) {
                    of_from += near(frame[p], from_fill, 8);
                    of_to += near(frame[p], to_fill, 8);
                    between += frame[p].r > 80 && frame[p].r < 160 && frame[p].b > 80 && frame[p].b < 160;
                }
                /* Halfway, both windows show, or (a crossfade) their blend. */
                check((of_from > 0 && of_to > 0) || between > W * H / 2, name, "progress 0.5 shows both windows");
            }
        }
        check(completions == 1 && last.outcome == SEGUE_OUTCOME_FINISHED, name, "completes once, finished, when its last frame is presented");
        check(last.frames == 3 && last.missed_refreshes > 0, name, "reports its 3 frames, with the refreshes between them missed");
        check(!segue_player_is_animating(player), name, "nothing plays after the last frame");
        start = times[2] + refresh;
        printf("%-16s %s\n", name, strcmp(name, shader) == 0 ? "(gl-transitions file) checked" : "checked");
        segue_choice_free(choice);
    }
    if (!write_png(argv[2], sheet, 3 * W, (int)count * H)) {
        fprintf(stderr, "cannot write %s\n", argv[2]);
        return 1;
    }
    segue_player_free(player);
    segue_context_free(segue);
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(display, egl);
    eglTerminate(display);
    printf("%zu effects through libsegue %s: %s\n", count, segue_version(), failures ? "FAILED" : "all checks passed");
    return failures ? 1 : 0;
}
