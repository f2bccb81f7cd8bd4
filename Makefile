# uvd — build, test and install. `make help` lists the targets.

PREFIX ?= $(HOME)/.local
BINDIR := $(PREFIX)/bin
DATADIR := $(PREFIX)/share
MANDIR := $(DATADIR)/man/man1
USERUNITDIR ?= $(DATADIR)/systemd/user
CONFIGDIR ?= $(or $(XDG_CONFIG_HOME),$(HOME)/.config)/uvd
# SwiftPM makes $XDG_DATA_HOME/bin (~/.local/share/bin) at every build, for tools it may install
# some day: pointed into .build, so that building leaves nothing in your home for uninstall to miss.
SWIFT ?= XDG_DATA_HOME=$(CURDIR)/.build/data swift
# Release binaries carry the Swift runtime and Foundation inside (--static-swift-stdlib): they keep
# working when the toolchain moves or goes, start in half the time and fault in only the code they
# run (`uvctl watch` 33 -> 18 MB resident). They are linked by the toolchain's lld with packed
# relative relocations (DT_RELR, glibc >= 2.36): 91,000 relocations take 17 KB instead of 2.1 MB,
# which the loader no longer reads at each start (uvd idle 41.3 -> 39.1 MB resident), and the
# binaries stay position-independent. --no-export-dynamic takes back the toolchain's
# --export-dynamic: nothing looks the binaries' own symbols up at run time, and exporting all
# 14,700 put 1.2 MB of symbol tables in the path of every symbol lookup (uvd idle -1.2 MB).
# GCC's unwinder is linked in as well (-static-libgcc): libgcc_s.so.1 was loaded at every start
# only for the 13 functions the C++ runtime names (nothing unwinds: Build/no-unwind-tables.ld), and
# its initialiser asked the processor its model (cpuid, slow in a virtual machine): one library
# fewer to map, relocate and search (`uvctl --version` 1.47 -> 1.35 ms, `uvctl status` 3.27 -> 3.19 ms).
# The code each binary runs in a day's work (Build/BINARY-hot-text.ld, written by
# scripts/order-functions) is laid out together at the front, so that the kernel, which maps
# 64 KB around each page touched, keeps that little resident instead of most of the binary.
# The checkout's path is mapped to one name (-file-prefix-map), so that where it was built does not
# reach the binary (make deb-repro).
# A concrete generic type's metadata (`KeyedDecodingContainer<StatusInfo.CodingKeys>`, `Null<Int>`)
# is made by its accessor, which is handed the conformances it needs, instead of from its mangled
# name, which makes the runtime check each generic requirement by scanning all the binary's
# conformance records (9,000): that scan was 60 % of `uvctl status`'s instructions (42 M -> 20 M).
RELEASE = $(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xswiftc -file-prefix-map -Xswiftc $(CURDIR)=/usr/src/uvd -Xcc -ffile-prefix-map=$(CURDIR)=/usr/src/uvd \
	-Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic -Xswiftc -Xclang-linker -Xswiftc -static-libgcc
# Where SwiftPM puts release binaries: asked once, at first use (not while reading this file, so
# `make test` does not ask; not at every use, as a plain `=` would, ~0.3 s each).
RELEASE_BIN = $(eval RELEASE_BIN := $$(shell $$(RELEASE) --show-bin-path))$(RELEASE_BIN)
MANUALS := .build/manuals
ICONDIR := $(DATADIR)/icons/hicolor
# Removes each directory and its parents up to PREFIX while they are empty (what install made).
remove-empty = for dir in $(1); do while [ "$$dir" != "$(PREFIX)" ] && rmdir "$$dir" 2>/dev/null; do dir=$$(dirname "$$dir"); done; done
ICON_SIZES := $(notdir $(wildcard data/icons/hicolor/*))
# The translations (po/LL.po), compiled with msgfmt into share/locale/LL/LC_MESSAGES/uvd.mo.
LANGUAGES := $(basename $(notdir $(wildcard po/*.po)))

.PHONY: help start check lint deps test-deps build release test fuzz bench skill install install-files install-desktop deb deb-test deb-repro dist dist-test uninstall uninstall-desktop clean

help:
	@echo "make start    install dependencies, build, install to $(PREFIX) and start uvd"
	@echo "make check    install what the tests need and run the whole test suite"
	@echo "make build    debug build;  make release: optimised build"
	@echo "make install  uvd, uvctl, user units, default config, man pages, completions under PREFIX (default ~/.local)"
	@echo "make dist     uvd-VERSION-linux-x86_64.tar.gz for other distributions (make dist-test: tried in Debian 12 and 13)"
	@echo "make deb      the Debian package, from the release binaries (make deb-test: tried in fresh Debian 12 and 13 trees)"
	@echo "make deb-repro  the package built twice, at two paths, compared byte for byte"
	@echo "make fuzz     each libFuzzer target for FUZZ_SECONDS (default 60) on its seed corpus in Fuzz/"
	@echo "make bench    the benchmarks in Benchmarks/ (release build)"
	@echo "make skill DATA=<folder>  the nowcast's skill on measured UV days (FORMAT=json for one JSON line)"
	@echo "make uninstall, make clean"

start: deps install
	@if systemctl --user show-environment >/dev/null 2>&1; then \
		systemctl --user daemon-reload && systemctl --user enable uvd && systemctl --user restart uvd && \
		echo && echo "uvd is running (systemctl --user status uvd). Try: $(BINDIR)/uvctl status"; \
	else \
		echo; echo "No systemd user manager here: running uvd in the foreground (Ctrl-C stops it)."; \
		echo "In another terminal: $(BINDIR)/uvctl status"; echo; \
		exec $(BINDIR)/uvd; \
	fi

check: test-deps lint test

# What CONTRIBUTING.md asks of every change besides the tests: the layers kept, nothing that
# waits on uvd's own executor, the layout swift-format gives (.swift-format).
lint:
	scripts/check-layers
	scripts/check-executor
	$(SWIFT) format lint --strict --recursive --parallel Sources Tests Benchmarks/Sources Package.swift

# What building and running need (make start); test-deps adds what the tests need (make check).
deps:
	scripts/install-deps

test-deps:
	scripts/install-deps --tests

build:
	$(SWIFT) build

# Only the one product: a plain `swift build` would also build the test-only dependencies. uvctl
# is a link to uvd (the name it is started by picks its role), made beside it. The binary must
# hold no ICU and no Foundation (scripts/check-no-icu): it fails the build otherwise.
# LINK_MAPS=DIR also writes the linker's map (DIR/uvd.map) for scripts/order-functions.
# SwiftPM relinks only when an input it knows of changes, so a binary older than its linker script
# (or one whose map is asked for) is removed first.
release:
	$(static-libstdcxx)
	$(call link-release,uvd)
	ln -sf uvd $(RELEASE_BIN)/uvctl
	scripts/check-no-icu $(RELEASE_BIN)/uvd $(if $(LINK_MAPS),$(LINK_MAPS)/uvd.map)
link-release = binary=$(RELEASE_BIN)/$(1); \
	for input in Build/$(1)-hot-text.ld Build/no-unwind-tables.ld $(RELEASE_BIN)/libstdc++.so; do \
		if [ "$$input" -nt "$$binary" ]; then rm -f "$$binary"; fi; done; \
	if [ -n "$(LINK_MAPS)" ]; then rm -f "$$binary"; fi; \
	$(RELEASE) --product $(1) -Xlinker -T -Xlinker $(CURDIR)/Build/$(1)-hot-text.ld -Xlinker -T -Xlinker $(CURDIR)/Build/no-unwind-tables.ld \
	$(if $(LINK_MAPS),-Xlinker -Map=$(LINK_MAPS)/$(1).map -Xlinker --no-demangle)

# The C++ runtime the Swift runtime needs (libstdc++) goes into the release binaries too: swiftc
# asks for it with -lstdc++, and the linker, which searches the binaries' own directory before
# GCC's, finds there this linker script naming the static library. One shared library less to
# load and relocate at each start, and 1 MB less resident (`uvctl watch` 10.4 -> 9.3 MB).
static-libstdcxx = shim=$(RELEASE_BIN)/libstdc++.so; \
	[ -f "$$shim" ] || { mkdir -p "$$(dirname "$$shim")" && echo 'INPUT(libstdc++.a)' >"$$shim"; }

test:
	SWIFT="$(SWIFT)" scripts/run-tests

FUZZ_SECONDS ?= 60

fuzz: deps
	$(SWIFT) build -c release --product uvd-fuzz --scratch-path .build-fuzz \
		-Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING -Xswiftc -use-ld=lld
	scripts/fuzz $(FUZZ_SECONDS)

bench: release
	cd Benchmarks && $(SWIFT) run -c release UVDBenchmarks

# The nowcast's skill on folders of measured day files (Date-Time,Lat,Lon,UV_Index, one row a
# minute, local standard time): make skill DATA=<folder…> [FORMAT=json] [FORECAST=<file>] [UTC_OFFSET=+10:00]
skill:
	@test -n "$(DATA)" || { echo "usage: make skill DATA=<folder of measured day files> [FORMAT=json] [FORECAST=<file>] [UTC_OFFSET=+10:00]"; exit 64; }
	cd Benchmarks && $(SWIFT) run -c release UVDSkill $(abspath $(DATA)) \
		$(if $(filter json,$(FORMAT)),--json) $(if $(FORECAST),--forecast $(abspath $(FORECAST))) $(if $(UTC_OFFSET),--utc-offset $(UTC_OFFSET))

# The man pages, from ArgumentParser's generate-manual tool run on each binary (its package
# plugin would build the whole package in release, test-only dependencies too). uvd has no
# subcommands: the generator's "subcommand" argument and "help" entry are taken out.
$(MANUALS)/uvd.1 $(MANUALS)/uvctl.1: release
	$(RELEASE) --product generate-manual
	mkdir -p $(MANUALS)
	$(RELEASE_BIN)/generate-manual $(RELEASE_BIN)/uvd -o $(MANUALS)
	$(RELEASE_BIN)/generate-manual $(RELEASE_BIN)/uvctl -o $(MANUALS)
	sed -i -e '/^\.Ar subcommand$$/d' -e '/^\.It Em help$$/,/^\.El$$/d' $(MANUALS)/uvd.1

# DESTDIR: a staging root the files go under (the package is built this way); PREFIX is where
# they will be, written into the unit's Exec lines.
DESTDIR ?=
ZSHCOMPLETIONDIR ?= $(DATADIR)/zsh/site-functions

install: install-files
	@if [ -e $(CONFIGDIR)/config.toml ]; then echo "kept $(CONFIGDIR)/config.toml"; \
		else install -d -m 0700 $(CONFIGDIR) && install -m 0600 Config/uvd.toml $(CONFIGDIR)/config.toml && echo "installed $(CONFIGDIR)/config.toml"; fi

# Everything but the user's own configuration file (which a package never writes). A bash
# completion is sourced, never run: the generator's #! line is dropped. The binary is stripped,
# and its per-build module hash zeroed (scripts/zero-module-hash): every build of a commit
# installs the same bytes.
install-files: release $(MANUALS)/uvd.1
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(USERUNITDIR) $(DESTDIR)$(DATADIR)/uvd $(DESTDIR)$(DATADIR)/varlink \
		$(DESTDIR)$(DATADIR)/bash-completion/completions $(DESTDIR)$(ZSHCOMPLETIONDIR) $(DESTDIR)$(DATADIR)/fish/vendor_completions.d
	install -s -m 0755 $(RELEASE_BIN)/uvd $(DESTDIR)$(BINDIR)/
	scripts/zero-module-hash $(DESTDIR)$(BINDIR)/uvd
	ln -sf uvd $(DESTDIR)$(BINDIR)/uvctl
	for tool in uvd uvctl; do \
		$(DESTDIR)$(BINDIR)/$$tool --generate-completion-script bash | sed '1{/^#!/d}' > $(DESTDIR)$(DATADIR)/bash-completion/completions/$$tool; \
		$(DESTDIR)$(BINDIR)/$$tool --generate-completion-script zsh > $(DESTDIR)$(ZSHCOMPLETIONDIR)/_$$tool; \
		$(DESTDIR)$(BINDIR)/$$tool --generate-completion-script fish > $(DESTDIR)$(DATADIR)/fish/vendor_completions.d/$$tool.fish; \
	done
	install -m 0644 $(MANUALS)/uvd.1 $(MANUALS)/uvctl.1 $(DESTDIR)$(MANDIR)/
	sed 's|@BINDIR@|$(BINDIR)|' systemd/uvd.service > $(DESTDIR)$(USERUNITDIR)/uvd.service
	chmod 0644 $(DESTDIR)$(USERUNITDIR)/uvd.service
	install -m 0644 systemd/uvd.socket $(DESTDIR)$(USERUNITDIR)/uvd.socket
	install -m 0644 Config/uvd.toml $(DESTDIR)$(DATADIR)/uvd/uvd.toml
	$(MAKE) --no-print-directory install-desktop PREFIX=$(PREFIX) DESTDIR=$(DESTDIR)
	for language in $(LANGUAGES); do \
		install -d $(DESTDIR)$(DATADIR)/locale/$$language/LC_MESSAGES && \
		msgfmt --check -o $(DESTDIR)$(DATADIR)/locale/$$language/LC_MESSAGES/uvd.mo po/$$language.po || exit 1; \
	done
	$(DESTDIR)$(BINDIR)/uvd --varlink-interface > $(DESTDIR)$(DATADIR)/varlink/io.uvd.varlink

# The tarball for other distributions (scripts/make-dist): install.sh and uninstall.sh in it;
# its path is the last line. make dist-test tries it in fresh Debian 12 and 13 trees (root).
DIST_DIR := .build/dist
dist: release $(MANUALS)/uvd.1
	@scripts/make-dist $(DIST_DIR)

dist-test: dist
	scripts/dist-test $$(ls -t $(DIST_DIR)/uvd-*.tar.gz | head -1)
	SUITE=trixie scripts/dist-test $$(ls -t $(DIST_DIR)/uvd-*.tar.gz | head -1)

# The Debian package (scripts/make-deb), from the release binaries; its path is the last line.
DEB_DIR := .build/deb
deb: release $(MANUALS)/uvd.1
	@scripts/make-deb $(RELEASE_BIN) $(MANUALS) $(DEB_DIR)

# The package installed in fresh Debian 12 and Debian 13 trees with no Swift in them
# (scripts/deb-test, root).
deb-test: deb
	scripts/deb-test $$(ls -t $(DEB_DIR)/uvd_*.deb | head -1)
	SUITE=trixie scripts/deb-test $$(ls -t $(DEB_DIR)/uvd_*.deb | head -1)

# The package built twice, from two clones at different paths and times, compared byte for byte
# (scripts/deb-repro; diffoscope says where they differ).
deb-repro:
	scripts/deb-repro

uninstall:
	-systemctl --user disable --now uvd.socket uvd.service 2>/dev/null
	rm -f $(BINDIR)/uvd $(BINDIR)/uvctl $(MANDIR)/uvd.1 $(MANDIR)/uvctl*.1 \
		$(USERUNITDIR)/uvd.service $(USERUNITDIR)/uvd.socket $(DATADIR)/uvd/uvd.toml $(DATADIR)/varlink/io.uvd.varlink
	for tool in uvd uvctl; do rm -f $(DATADIR)/bash-completion/completions/$$tool \
		$(DATADIR)/zsh/site-functions/_$$tool $(DATADIR)/fish/vendor_completions.d/$$tool.fish; done
	$(MAKE) --no-print-directory uninstall-desktop PREFIX=$(PREFIX)
	rm -f $(foreach language,$(LANGUAGES),$(DATADIR)/locale/$(language)/LC_MESSAGES/uvd.mo)
	$(call remove-empty,$(foreach language,$(LANGUAGES),$(DATADIR)/locale/$(language)/LC_MESSAGES) $(BINDIR) $(DATADIR)/uvd $(DATADIR)/varlink $(USERUNITDIR) $(MANDIR) \
		$(DATADIR)/bash-completion/completions $(DATADIR)/zsh/site-functions $(DATADIR)/fish/vendor_completions.d)
	@echo "Kept your configuration ($(CONFIGDIR)) and state (~/.local/state/uvd)."

# The icon (hicolor: scalable and PNG sizes) and the desktop entry that notifications name.
install-desktop:
	for size in $(ICON_SIZES); do \
		install -d $(DESTDIR)$(ICONDIR)/$$size/apps && install -m 0644 data/icons/hicolor/$$size/apps/uvd.* $(DESTDIR)$(ICONDIR)/$$size/apps/; \
	done
	install -d $(DESTDIR)$(DATADIR)/applications && install -m 0644 data/uvd.desktop $(DESTDIR)$(DATADIR)/applications/uvd.desktop

uninstall-desktop:
	rm -f $(foreach size,$(ICON_SIZES),$(ICONDIR)/$(size)/apps/uvd.svg $(ICONDIR)/$(size)/apps/uvd.png) $(DATADIR)/applications/uvd.desktop
	$(call remove-empty,$(foreach size,$(ICON_SIZES),$(ICONDIR)/$(size)/apps) $(DATADIR)/applications)

clean:
	rm -rf .build
