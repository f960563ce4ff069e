#!/bin/sh
# Adds Tatami to your desktop's application menu, for you only (no root needed).
# Run it from the extracted Tatami folder:  ./install.sh      remove it again:  ./install.sh --uninstall
# It writes ~/.local/share/applications/tatami.desktop (Exec= pointing at this folder's Tatami, so
# keep the folder where it is, or run this again after moving it) and the 256x256 icon into
# ~/.local/share/icons/hicolor/256x256/apps/tatami.png. Made by tools/release.py for the Linux archive.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data="${XDG_DATA_HOME:-$HOME/.local/share}"
apps="$data/applications"
icons="$data/icons/hicolor/256x256/apps"

if [ "${1:-}" = "--uninstall" ]; then
    rm -f "$apps/tatami.desktop" "$icons/tatami.png"
    echo "Tatami removed from the application menu."
    exit 0
fi
if [ ! -x "$here/Tatami" ] || [ ! -f "$here/tatami.desktop" ]; then
    echo "install.sh: run me from the extracted Tatami folder (Tatami and tatami.desktop next to me)" >&2
    exit 1
fi
# Exec= quotes the path; the desktop-entry format would need escapes for these characters.
case "$here" in
    *[\"\`\$\\%]*)
        echo "install.sh: move the Tatami folder to a path without \" \` \$ \\ or % first" >&2
        exit 1
        ;;
esac

mkdir -p "$apps" "$icons"
cp "$here/tatami.png" "$icons/tatami.png"
{
    grep -v -e '^Exec=' -e '^TryExec=' "$here/tatami.desktop"
    printf 'Exec="%s/Tatami"\nTryExec=%s/Tatami\n' "$here" "$here"
} > "$apps/tatami.desktop.tmp"
mv "$apps/tatami.desktop.tmp" "$apps/tatami.desktop"
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$apps" || true
fi
echo "Tatami added to the application menu ($apps/tatami.desktop)."
