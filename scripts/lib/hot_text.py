#!/usr/bin/env python3
"""Writes a linker script that lays the code a binary ran at the front of its code.

  hot_text.py WORK BINARY ALONE DESKTOP WATCH > Build/BINARY-hot-text.ld
  hot_text.py --check MAP SCRIPT      (is the script still about this build's code?)

WORK holds the linker's map of BINARY (BINARY.map, from `make release LINK_MAPS=WORK`) and
callgrind profiles of it (BINARY*.callgrind, recorded with --dump-instr=yes --compress-pos=no;
the binary may have been started through a link to it, such as uvctl).
Every instruction address a profile names is looked up in the map to find the input section that
holds it — a function's own section (.text.NAME), a private helper's (.text..Lobjectdestroy.8,
which has no symbol to name it by), or a precompiled object's whole `.text` (the Swift runtime's
Swift.o, an ICU object) — and the script puts those sections, and only those, in an output
section `.text.hot` inserted before `.text`. An input section is named by its file (the last two
parts of an object's path, or `archive:member`) and its section name, so the script holds for
any checkout directory.

ALONE, DESKTOP and WATCH name the profiles of the three long-lived processes (the daemon alone,
the daemon on a desktop, `uvctl watch`). A page fault in code reads the disk's readahead around
it (128 KB by default), so each of them should find what it runs in one stretch, not spread
among what only the others run. The sets are laid out as

    desktop only | alone, not watch | alone and watch | desktop and watch, not alone |
    watch only | what the other profiles ran

so that the daemon alone runs one stretch (the second and third), the desktop one stretch (the
first four) and `uvctl watch` one stretch (the third to the fifth).
Sections the script names that a build no longer has simply match
nothing; a section missing from it still links, among the cold code.
"""
import bisect
import collections
import pathlib
import re
import sys


def read_map(map_file):
    """The code's input sections (output sections `.text` and `.text.hot`) as sorted starts,
    ends and names, and the addresses of the symbols defined in them."""
    starts, ends, names, symbols, output = [], [], [], {}, None
    for line in map_file.read_text(errors="replace").splitlines():
        fields = line.split(None, 4)
        if len(fields) < 5:
            continue
        entry = fields[4].strip()
        if ":(" in entry:
            if output in (".text", ".text.hot"):
                starts.append(int(fields[0], 16))
                ends.append(starts[-1] + int(fields[2], 16))
                names.append(entry)
        elif entry.startswith("."):
            output = entry
        elif output in (".text", ".text.hot"):
            symbols[entry] = int(fields[0], 16)
    return starts, ends, names, symbols


def functions_by_object(profile):
    """Each object's functions in a callgrind profile: {object: [(name, [addresses])]}."""
    objects, functions, current, addresses = {}, collections.defaultdict(list), None, None
    for line in profile.read_text(errors="replace").splitlines():
        if line.startswith("ob="):
            match = re.match(r"ob=(\(\d+\))?\s*(.*)", line)
            if match.group(2):
                objects[match.group(1)] = match.group(2)
            current = match.group(2) or objects.get(match.group(1))
        elif line.startswith("fn="):
            addresses = []
            functions[current].append((re.sub(r"^\(\d+\) ", "", line[3:]).strip(), addresses))
        elif line.startswith("0x") and addresses is not None:
            addresses.append(int(line.split(None, 1)[0], 16))
    return functions


def load_bias(functions, symbols):
    """How far the profile's addresses lie from the map's: none when valgrind read the binary,
    the address it loaded the binary at when it could not (it then names the object `???` and
    gives run-time addresses, as for a binary laid out by a linker script). Worked out from the
    functions whose names the map knows; None when they do not agree on one."""
    offsets = collections.Counter(addresses[0] - symbols[name] for name, addresses in functions if addresses and name in symbols)
    if not offsets:
        return None
    offset, count = offsets.most_common(1)[0]
    return offset if count >= sum(offsets.values()) // 2 else None


def sections_by_profile(work, binary):
    """For each profile of `binary` (its name: `uvctl-watch`), the code's input sections holding
    an instruction it ran; the files of one name are one profile, whatever follows its first dot
    (`uvd-alone.0730.PID.callgrind`: a run at one of several hours, one file a traced process).
    The map is read once for all of them."""
    starts, ends, names, symbols = read_map(work / f"{binary}.map")
    by_profile = {}
    for profile in sorted(work.glob(f"{binary}*.callgrind")):
        ran = by_profile.setdefault(profile.stem.split(".")[0], set())
        for owner, functions in functions_by_object(profile).items():
            if owner is None or not (pathlib.Path(owner).resolve().name == binary or owner == "???"):
                continue
            bias = load_bias(functions, symbols)
            if bias is None:
                continue
            for _, addresses in functions:
                for address in addresses:
                    index = bisect.bisect_right(starts, address - bias) - 1
                    if index >= 0 and address - bias < ends[index]:
                        ran.add(names[index])
    return by_profile


def pattern(entry):
    """`/a/b/UVDaemon.build/Services.swift.o:(.text.X)` → (`*/UVDaemon.build/Services.swift.o`, `.text.X`);
    `/x/libswiftCore.a(Swift.o):(.text)` → (`*libswiftCore.a:Swift.o`, `.text`)."""
    path, section = entry.rsplit(":(", 1)
    path = path.replace(" ", "?")  # a glob's one-character wildcard: a script's names end at a space
    member = re.match(r"(.*)\((.*)\)$", path)
    if member:
        return f"*{pathlib.PurePath(member.group(1)).name}:{member.group(2)}", section[:-1]
    return "*/" + "/".join(pathlib.PurePath(path).parts[-2:]), section[:-1]


def script(tiers):
    """The linker script placing each tier's sections (sets of map entries) in turn."""
    lines = ["/* Written by scripts/order-functions: the code a day's work runs, first. */",
             "SECTIONS {", "  .text.hot : {"]
    for sections in tiers:
        files = collections.defaultdict(set)
        for entry in sections:
            if not entry.startswith("<internal>"):
                file, section = pattern(entry)
                files[file].add(section)
        lines += [f"    {file}({' '.join(sorted(files[file]))})" for file in sorted(files)]
    lines += ["  }", "} INSERT BEFORE .text;"]
    return "\n".join(lines)


def check(map_file, script_file):
    """Fails (exit 1) when more than a tenth of the sections `script_file` names are not in the
    build `map_file` maps: the code was renamed or removed since the script was written, and what
    runs lies among the cold code again. Says how much is found either way."""
    built = set()
    for entries in (read_map(map_file)[2],):
        for entry in entries:
            if not entry.startswith("<internal>"):
                built.add(pattern(entry))
    named = []
    for line in script_file.read_text().splitlines():
        match = re.match(r"\s*(\S+)\((.*)\)$", line)
        if match:
            named += [(match.group(1), section) for section in match.group(2).split()]
    found = sum(1 for entry in named if entry in built)
    share = found / len(named) if named else 0
    print(f"{script_file}: {found:,} of the {len(named):,} sections it names are in this build ({share:.0%})")
    if share < 0.9:
        print(f"{script_file} is stale: run scripts/order-functions (about two minutes) and commit what it writes", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    if sys.argv[1] == "--check":
        check(pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3]))
        sys.exit(0)
    work, binary, alone_name, desktop_name, watch_name = pathlib.Path(sys.argv[1]), *sys.argv[2:6]
    by_profile = sections_by_profile(work, binary)
    alone, desktop, watch = (by_profile.get(name, set()) for name in (alone_name, desktop_name, watch_name))
    everything = set().union(*by_profile.values())
    tiers = [desktop - alone - watch, alone - watch, alone & watch, (desktop & watch) - alone, watch - alone - desktop]
    tiers.append(everything - set().union(*tiers))
    print(script(tiers))
