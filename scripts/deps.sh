#!/usr/bin/env bash
# Installs the Debian packages Segue builds and runs with, when any is missing;
# with --test, also the real Wayland clients the tests drive; with --weston,
# weston and weston-simple-egl for scripts/compare-weston.
# As root it runs apt-get; otherwise it prints the exact command to run.
set -euo pipefail

packages=(
    pkg-config
    libegl-dev libgles-dev libpng-dev             # headers the C shim modules import
    libwayland-dev libxkbcommon-dev xkb-data      # libwayland-server/-client, keymaps
    libdrm-dev                                    # DRM format and modifier names
    libxml2-dev                                   # Burn-My-Windows' GSettings schemas
    libxcb1-dev libxcb-composite0-dev             # the window manager of X11 programs' windows, over Xwayland
    libegl-mesa0 libgl1-mesa-dri                  # Mesa's EGL and llvmpipe, for rendering without a GPU
    wlcs                                          # the conformance suite's headers and runner (libSegueWLCS)
    xz-utils                                      # scripts/package's tarballs
    scdoc                                         # scripts/install's man pages
)
if [ "${1:-}" = "--test" ]; then
    packages+=(weston foot fonts-dejavu-core)     # weston-simple-shm/-egl and foot as clients
    packages+=(gtk-3-examples gtk-4-examples)     # gtk3-widget-factory, gtk4-demo: real GTK 3 and 4 clients
    packages+=(wayland-protocols libwayland-bin)  # CI checks the generated protocol code against them
    packages+=(gcc binutils)                      # scripts/c-api: libsegue's C programs, its exports
    packages+=(grim wf-recorder wl-clipboard wayland-utils wtype)  # the desktop's tools: screenshots, recording, wl-copy/wl-paste, wayland-info, typing
    packages+=(swaybg waybar fuzzel mako-notifier libnotify-bin dbus-daemon)  # the layer shell's programs: wallpaper, bar, launcher, notifications
    packages+=(pipewire wireplumber xdg-desktop-portal xdg-desktop-portal-wlr dbus-bin)  # screen sharing through the portal
    packages+=(gstreamer1.0-tools gstreamer1.0-pipewire python3-dbus python3-gi)      # its consumer (pipewiresrc) and the test's portal client
    packages+=(xwayland x11-utils x11-apps xterm) # X11 programs: Xwayland started on demand, xdpyinfo, xeyes and xterm as its clients
elif [ "${1:-}" = "--weston" ]; then
    packages+=(weston)                            # the compositor and client scripts/compare-weston runs
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ]; then
        echo "installing: ${missing[*]}"
        DEBIAN_FRONTEND=noninteractive apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
    else
        echo "Segue needs these packages; run:" >&2
        echo "  sudo apt-get install -y ${missing[*]}" >&2
        exit 1
    fi
fi

if ! command -v swift >/dev/null; then
    echo "Segue needs a Swift 6 toolchain on PATH (https://www.swift.org/install/linux/)." >&2
    exit 1
fi
