#!/bin/sh
# Installs uvd from this tarball (what `make install` would put under a prefix, built already).
#
#   ./install.sh                 into /usr/local (as root)
#   ./install.sh --user          into ~/.local, for you alone
#   ./install.sh --prefix DIR    into DIR
#
# Then, as the user who is to run it: systemctl --user daemon-reload; systemctl --user enable --now uvd
# ./uninstall.sh (with the same option) takes it all away again; your configuration
# (~/.config/uvd) and state (~/.local/state/uvd) stay.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
prefix=/usr/local
usage() { sed -n '2,10s/^# \{0,1\}//p' "$0"; }
while [ $# -gt 0 ]; do
    case "$1" in
        --user) prefix=$HOME/.local; shift ;;
        --prefix) [ $# -ge 2 ] || { echo "install.sh: --prefix needs a directory" >&2; exit 64; }; prefix=$2; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install.sh: no option '$1'; use --user, --prefix DIR or --help" >&2; exit 64 ;;
    esac
done
case $prefix in /*) ;; *) echo "install.sh: the prefix must be an absolute path (got '$prefix')" >&2; exit 64 ;; esac
record=$prefix/share/uvd/installed-files
cd "$here/files"
find . -type d | while read -r dir; do mkdir -p "$prefix/$dir"; done
list=$(mktemp)
trap 'rm -f "$list"' EXIT
find . \( -type f -o -type l \) | LC_ALL=C sort | while read -r file; do
    target=$prefix/${file#./}
    case $file in
        # The unit's Exec lines name the binary where it now is.
        ./share/systemd/user/uvd.service) sed "s|/PREFIX/|$prefix/|g" "$file" > "$target"; chmod 0644 "$target" ;;
        *) rm -f "$target"; cp -P -p "$file" "$target" ;;
    esac
    echo "$target" >> "$list"
done
echo "$record" >> "$list"
cp "$list" "$record"
echo "uvd installed under $prefix ($(wc -l < "$record") files; the list is in $record)."
echo "Start it as your user:  systemctl --user daemon-reload && systemctl --user enable --now uvd"
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "Note: $prefix/bin is not on your PATH." ;; esac
