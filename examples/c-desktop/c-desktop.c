/*
 * A floating compositor's use of libsegue: a desktop of its own (a wallpaper
 * and windows it draws itself), and windows that open and close over it with
 * segue_player_draw_window. For each built-in effect one window opens and
 * another closes at once (the open played backwards), each on a player of its own; every frame the host
 * draws its desktop, then lays each transition over it. Checks that nothing
 * outside the two windows and their margins changes, that the opened window
 * ends exact with its marker top-left and the closed one leaves the wallpaper,
 * and writes the frames as a contact sheet (one row per effect).
 *
 *   cc c-desktop.c $(pkg-config --cflags --libs segue egl glesv2 libpng) -o c-desktop
 *   ./c-desktop contact-sheet.png
 *
 * Exits 0 when every check passes.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <png.h>
#include <segue/segue.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { W = 480, H = 270, MARGIN = 32, COLUMNS = 5, MARK = 10 };

typedef struct { unsigned char r, g, b, a; } rgba;

/* A window of the host's own: its texture and where it is. */
struct window {
    GLuint texture;
    int x, y, width, height;
};

static int failures;

static void check(int ok, const char *effect, const char *what) {
    if (!ok) {
        fprintf(stderr, "FAIL %s: %s\n", effect, what);
        failures++;
    }
}

static GLuint texture_of(int width, int height, const rgba *pixels) {
    GLuint texture;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, width, height);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    return texture;
}

/* A window `width` x `height` of `fill`, a MARK-square of `mark` at its top-left. */
static struct window make_window(int x, int y, int width, int height, rgba fill, rgba mark) {
    rgba *pixels = malloc((size_t)width * height * sizeof *pixels);
    for (int row = 0; row < height; row++)
        for (int column = 0; column < width; column++) pixels[row * width + column] = row < MARK && column < MARK ? mark : fill;
    struct window window = {texture_of(width, height, pixels), x, y, width, height};
    free(pixels);
    return window;
}

/* The host's own drawing: a texture copied to (x, y) of the framebuffer, rows top first. */
static void blit(GLuint texture, int width, int height, GLuint framebuffer, int x, int y) {
    static GLuint reader;
    if (!reader) glGenFramebuffers(1, &reader);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, reader);
    glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer);
    glBlitFramebuffer(0, 0, width, height, x, y, x + width, y + height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
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

static int inside(int x, int y, const struct window *w, int margin) {
    return x >= w->x - margin && x < w->x + w->width + margin && y >= w->y - margin && y < w->y + w->height + margin;
}

int main(int argc, char **argv) {
    if (argc != 2) return fprintf(stderr, "usage: c-desktop CONTACT-SHEET.png\n"), 2;
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_display = (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    EGLDisplay display = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (display == EGL_NO_DISPLAY || !eglInitialize(display, NULL, NULL)) {
        /* Drivers without Mesa's surfaceless platform (NVIDIA's) offer their devices. */
        PFNEGLQUERYDEVICESEXTPROC query = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
        EGLDeviceEXT device;
        EGLint count = 0;
        if (query && query(1, &device, &count) && count > 0) display = get_display(EGL_PLATFORM_DEVICE_EXT, device, NULL);
        if (display == EGL_NO_DISPLAY || !eglInitialize(display, NULL, NULL)) return fprintf(stderr, "no EGL display\n"), 1;
    }
    eglBindAPI(EGL_OPENGL_ES_API);
    EGLContext context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, (EGLint[]){EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE});
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context);

    /* The desktop: a wallpaper, a window that stays, one that will close, one that will open. */
    static rgba wallpaper_pixels[W * H];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) wallpaper_pixels[y * W + x] = (rgba){(unsigned char)(40 + x / 4), (unsigned char)(60 + y / 3), 110, 255};
    GLuint wallpaper = texture_of(W, H, wallpaper_pixels);
    struct window staying = make_window(300, 150, 150, 100, (rgba){230, 230, 230, 255}, (rgba){0, 0, 0, 255});
    struct window closing = make_window(40, 40, 160, 100, (rgba){200, 60, 50, 255}, (rgba){255, 255, 255, 255});
    struct window opening = make_window(250, 30, 180, 100, (rgba){40, 150, 80, 255}, (rgba){255, 220, 0, 255});
    GLuint output = texture_of(W, H, wallpaper_pixels), framebuffer;
    glGenFramebuffers(1, &framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, output, 0);

    segue_context *segue;
    segue_player *opener, *closer;
    if (segue_context_new(&segue) != SEGUE_OK || segue_player_new(segue, &opener) != SEGUE_OK ||
        segue_player_new(segue, &closer) != SEGUE_OK)
        return fprintf(stderr, "libsegue: %s\n", segue_last_error()), 1;
    size_t count = 0;
    segue_effect_count(segue, &count);
    rgba *sheet = calloc((size_t)W * COLUMNS * H * count, sizeof *sheet);
    static rgba frame[W * H], before[W * H];
    segue_window_area open_area = {opening.x, opening.y, opening.width, opening.height, MARGIN, W, H};
    segue_window_area close_area = {closing.x, closing.y, closing.width, closing.height, MARGIN, W, H};

    for (size_t e = 0; e < count; e++) {
        const char *effect;
        segue_choice *choice;
        segue_choice *undoing;
        segue_effect_name(segue, e, &effect);
        segue_choice_new(segue, effect, &choice);
        segue_choice_set_duration(choice, 0.5);
        /* A close plays the open backwards, as Segue's own config does by default. */
        segue_choice_new(segue, effect, &undoing);
        segue_choice_set_duration(undoing, 0.5);
        segue_choice_set_reverse(undoing, true);
        segue_texture open_texture = {opening.texture, opening.width, opening.height, SEGUE_TEXTURE_OPAQUE};
        segue_texture close_texture = {closing.texture, closing.width, closing.height, SEGUE_TEXTURE_OPAQUE};
        uint64_t time = 1000000000, refresh = 16666667;
        segue_player_start(opener, choice, NULL, &open_texture, time, NULL, NULL, NULL);
        segue_player_start(closer, undoing, &close_texture, NULL, time, NULL, NULL, NULL);
        segue_choice_free(choice);
        segue_choice_free(undoing);
        int frames = 0, shot = 0;
        while (segue_player_is_animating(opener) || segue_player_is_animating(closer)) {
            /* The desktop as the host draws it, without the two windows that move... */
            blit(wallpaper, W, H, framebuffer, 0, 0);
            blit(staying.texture, staying.width, staying.height, framebuffer, staying.x, staying.y);
            glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
            glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, before);
            /* ...then each transition laid over it. */
            if (segue_player_is_animating(closer)) segue_player_draw_window(closer, time, framebuffer, &close_area, 0);
            if (segue_player_is_animating(opener)) segue_player_draw_window(opener, time, framebuffer, &open_area, 0);
            glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
            glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, frame);
            for (int y = 0; y < H; y++)
                for (int x = 0; x < W; x++)
                    if (!inside(x, y, &opening, MARGIN) && !inside(x, y, &closing, MARGIN) &&
                        memcmp(&frame[y * W + x], &before[y * W + x], 3)) {
                        check(0, effect, "a pixel outside both windows and their margins changed");
                        y = H;
                        break;
                    }
            /* Five frames of each effect, evenly spread over its 30. */
            if (shot < COLUMNS && frames >= shot * 29 / (COLUMNS - 1)) {
                for (int y = 0; y < H; y++)
                    memcpy(&sheet[(e * H + y) * W * COLUMNS + shot * W], &frame[y * W], W * sizeof(rgba));
                shot++;
            }
            if (segue_player_is_animating(closer)) segue_player_presented(closer, time, refresh);
            if (segue_player_is_animating(opener)) segue_player_presented(opener, time, refresh);
            time += refresh;
            frames++;
        }
        /* The end: the opened window exact, marker top-left; the wallpaper where the other was. */
        rgba marker = frame[(opening.y + 2) * W + opening.x + 2], body = frame[(opening.y + 50) * W + opening.x + 90];
        check(marker.r == 255 && marker.g == 220 && marker.b == 0, effect, "the opened window's marker is not at its top-left");
        check(body.r == 40 && body.g == 150 && body.b == 80, effect, "the opened window is not there, exact");
        check(!memcmp(&frame[(closing.y + 50) * W + closing.x + 80], &wallpaper_pixels[(closing.y + 50) * W + closing.x + 80], 3),
              effect, "the wallpaper does not show where the closed window was");
        while (shot < COLUMNS) {
            for (int y = 0; y < H; y++) memcpy(&sheet[(e * H + y) * W * COLUMNS + shot * W], &frame[y * W], W * sizeof(rgba));
            shot++;
        }
    }
    check(write_png(argv[1], sheet, W * COLUMNS, H * (int)count), "contact sheet", "could not be written");
    free(sheet);
    segue_player_free(opener);
    segue_player_free(closer);
    segue_context_free(segue);
    printf("%zu effects opened and closed over the desktop: %s\n", count, failures ? "checks failed" : "all checks passed");
    return failures ? 1 : 0;
}
