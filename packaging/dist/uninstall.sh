#!/bin/sh
# Takes away what install.sh installed, from its list (PREFIX/share/uvd/installed-files).
#
#   ./uninstall.sh | --user | --prefix DIR      (the same option install.sh was given)
#
# Your configuration (~/.config/uvd) and state (~/.local/state/uvd) stay.
set -eu
prefix=/usr/local
while [ $# -gt 0 ]; do
    case "$1" in
        --user) prefix=$HOME/.local; shift ;;
        --prefix) [ $# -ge 2 ] || { echo "uninstall.sh: --prefix needs a directory" >&2; exit 64; }; prefix=$2; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        -h|--help) sed -n '2,6s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) echo "uninstall.sh: no option '$1'; use --user, --prefix DIR or --help" >&2; exit 64 ;;
    esac
done
record=$prefix/share/uvd/installed-files
[ -f "$record" ] || { echo "uninstall.sh: no uvd installed by install.sh under $prefix ($record is missing)" >&2; exit 66; }
if [ "$(id -u)" -ne 0 ]; then systemctl --user disable --now uvd.socket uvd.service 2>/dev/null || true; fi
# The list itself is among the files: it is read from a copy.
list=$(mktemp)
trap 'rm -f "$list"' EXIT
cp "$record" "$list"
while read -r file; do
    case $file in "$prefix"/*) rm -f "$file" ;; *) echo "uninstall.sh: skipped $file (outside $prefix)" >&2 ;; esac
done < "$list"
# The directories install.sh made, deepest first, while they are empty.
sed 's|/[^/]*$||' "$list" | LC_ALL=C sort -ru | while read -r dir; do
    while [ "$dir" != "$prefix" ] && [ "${dir#"$prefix"/}" != "$dir" ] && rmdir "$dir" 2>/dev/null; do dir=${dir%/*}; done
done
echo "uvd removed from $prefix. Kept your configuration (~/.config/uvd) and state (~/.local/state/uvd)."
