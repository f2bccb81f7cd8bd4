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
# The code each binary runs in a day's work (Build/BINARY-hot-text.ld, written by
# scripts/order-functions) is laid out together at the front, so that the kernel, which maps
# 64 KB around each page touched, keeps that little resident instead of most of the binary.
RELEASE = $(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld \
	-Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic
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

.PHONY: help start check lint deps test-deps build release test fuzz bench skill install install-desktop uninstall uninstall-desktop clean

help:
	@echo "make start    install dependencies, build, install to $(PREFIX) and start uvd"
	@echo "make check    install what the tests need and run the whole test suite"
	@echo "make build    debug build;  make release: optimised build"
	@echo "make install  uvd, uvctl, user units, default config, man pages, completions under PREFIX (default ~/.local)"
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

# Only the two products: a plain `swift build` would also build the test-only dependencies.
# LINK_MAPS=DIR also writes the linker's maps (DIR/uvd.map, DIR/uvctl.map) for scripts/order-functions.
# SwiftPM relinks only when an input it knows of changes, so a binary older than its linker script
# (or one whose map is asked for) is removed first.
release:
	$(static-libstdcxx)
	$(call link-release,uvd)
	$(call link-release,uvctl)
link-release = binary=$(RELEASE_BIN)/$(1); \
	if [ -n "$(LINK_MAPS)" ] || [ Build/$(1)-hot-text.ld -nt "$$binary" ] || [ $(RELEASE_BIN)/libstdc++.so -nt "$$binary" ]; then rm -f "$$binary"; fi; \
	$(RELEASE) --product $(1) -Xlinker -T -Xlinker $(CURDIR)/Build/$(1)-hot-text.ld \
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

install: release $(MANUALS)/uvd.1
	install -d $(BINDIR) $(MANDIR) $(USERUNITDIR) $(DATADIR)/uvd $(DATADIR)/varlink \
		$(DATADIR)/bash-completion/completions $(DATADIR)/zsh/site-functions $(DATADIR)/fish/vendor_completions.d
	install -s -m 0755 $(RELEASE_BIN)/uvd $(RELEASE_BIN)/uvctl $(BINDIR)/
	for tool in uvd uvctl; do \
		$(BINDIR)/$$tool --generate-completion-script bash > $(DATADIR)/bash-completion/completions/$$tool; \
		$(BINDIR)/$$tool --generate-completion-script zsh > $(DATADIR)/zsh/site-functions/_$$tool; \
		$(BINDIR)/$$tool --generate-completion-script fish > $(DATADIR)/fish/vendor_completions.d/$$tool.fish; \
	done
	install -m 0644 $(MANUALS)/uvd.1 $(MANUALS)/uvctl.1 $(MANDIR)/
	sed 's|@BINDIR@|$(BINDIR)|' systemd/uvd.service > $(USERUNITDIR)/uvd.service
	install -m 0644 systemd/uvd.socket $(USERUNITDIR)/uvd.socket
	install -m 0644 Config/uvd.toml $(DATADIR)/uvd/uvd.toml
	$(MAKE) --no-print-directory install-desktop PREFIX=$(PREFIX)
	for language in $(LANGUAGES); do \
		install -d $(DATADIR)/locale/$$language/LC_MESSAGES && \
		msgfmt --check -o $(DATADIR)/locale/$$language/LC_MESSAGES/uvd.mo po/$$language.po || exit 1; \
	done
	$(BINDIR)/uvd --varlink-interface > $(DATADIR)/varlink/io.uvd.varlink
	@if [ -e $(CONFIGDIR)/config.toml ]; then echo "kept $(CONFIGDIR)/config.toml"; \
		else install -d -m 0700 $(CONFIGDIR) && install -m 0600 Config/uvd.toml $(CONFIGDIR)/config.toml && echo "installed $(CONFIGDIR)/config.toml"; fi

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
		install -d $(ICONDIR)/$$size/apps && install -m 0644 data/icons/hicolor/$$size/apps/uvd.* $(ICONDIR)/$$size/apps/; \
	done
	install -d $(DATADIR)/applications && install -m 0644 data/uvd.desktop $(DATADIR)/applications/uvd.desktop

uninstall-desktop:
	rm -f $(foreach size,$(ICON_SIZES),$(ICONDIR)/$(size)/apps/uvd.svg $(ICONDIR)/$(size)/apps/uvd.png) $(DATADIR)/applications/uvd.desktop
	$(call remove-empty,$(foreach size,$(ICON_SIZES),$(ICONDIR)/$(size)/apps) $(DATADIR)/applications)

clean:
	rm -rf .build
