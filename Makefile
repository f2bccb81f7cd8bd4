# uvd — build, test and install. `make help` lists the targets.

PREFIX ?= $(HOME)/.local
BINDIR := $(PREFIX)/bin
DATADIR := $(PREFIX)/share
SWIFT ?= swift
RELEASE_BIN = $(shell $(SWIFT) build -c release --show-bin-path)

.PHONY: help start check deps build release test install uninstall clean

help:
	@echo "make start    install dependencies, build, install to $(PREFIX) and show today's UV"
	@echo "make check    install dependencies and run the whole test suite"
	@echo "make build    debug build;  make release: optimised build"
	@echo "make install  install uvctl and shell completions under PREFIX (default ~/.local)"
	@echo "make uninstall, make clean"

start: deps install
	@echo
	$(BINDIR)/uvctl forecast --offline
	@case ":$$PATH:" in *":$(BINDIR):"*) ;; *) echo; echo "Add $(BINDIR) to your PATH to run uvctl by name.";; esac

check: deps test

deps:
	scripts/install-deps

build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release --product uvctl

test:
	$(SWIFT) test --disable-xctest

install: release
	install -d $(BINDIR) $(DATADIR)/bash-completion/completions $(DATADIR)/zsh/site-functions $(DATADIR)/fish/vendor_completions.d
	install -m 0755 $(RELEASE_BIN)/uvctl $(BINDIR)/uvctl
	$(BINDIR)/uvctl --generate-completion-script bash > $(DATADIR)/bash-completion/completions/uvctl
	$(BINDIR)/uvctl --generate-completion-script zsh > $(DATADIR)/zsh/site-functions/_uvctl
	$(BINDIR)/uvctl --generate-completion-script fish > $(DATADIR)/fish/vendor_completions.d/uvctl.fish

uninstall:
	rm -f $(BINDIR)/uvctl $(DATADIR)/bash-completion/completions/uvctl \
		$(DATADIR)/zsh/site-functions/_uvctl $(DATADIR)/fish/vendor_completions.d/uvctl.fish

clean:
	rm -rf .build
