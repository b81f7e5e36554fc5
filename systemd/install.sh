#!/usr/bin/env bash
# Installs ArcadeForge Verse as the one program of a Raspberry Pi cabinet: Raspberry Pi OS
# Trixie or Bookworm, or plain Debian 13 or 12 (arm64).
#
# usage: sudo systemd/install.sh [--dry-run] [--uninstall] [--doctor] [--data-dir=DIR] [--release-key=FILE]
#
#   (no option)   install or update, then (re)start the cabinet if anything changed
#   --uninstall   remove the service and the program; keep scores, settings and the user
#   --doctor      only check the machine (python -m cabinet doctor as the service runs it),
#                 the cabinet stopped meanwhile; exit status: doctor's (0 ok, 1 warn, 3 fail)
#   --dry-run     print every system command instead of running it; needs no root
#   --data-dir=DIR  keep scores (DIR/state) and settings (DIR/config) on a persistent
#                 partition mounted at DIR, for a read-only or overlay root; later runs
#                 keep it. What is in the usual folders is copied there the first time
#   --release-key=FILE  trust signed releases made with this public key (release-key.pub
#                 from `python -m cabinet release keygen`); never the private key
#   DESTDIR=DIR   write the installed files under DIR instead of / (for packaging and
#                 tests); system commands (apt-get, useradd, systemctl, pip) are then
#                 only printed, since they would act on this machine, not on DIR
#
# The program goes in as a release, /opt/arcadeforge/releases/<version>+src.<hash>/venv, which
# the `current` link names and the unit runs; `python -m cabinet release` installs signed
# releases beside it. Safe to run again: a second run changes nothing and says so. The operator's
# /etc/arcadeforge/cabinet.yaml is never overwritten; it is made readable by root and
# the cabinet's group only (it may hold the broker password).
set -euo pipefail

readonly SERVICE=arcadeforge.service
readonly CABINET_USER=arcade
readonly CABINET_GROUPS=(gpio video render input audio)
readonly PREFIX=/opt/arcadeforge
# Releases side by side (cabinet/update/releases.py): each a venv, usable once .complete is written
# last; `current` names the one the unit runs, `previous` the one before.
readonly RELEASES=$PREFIX/releases
readonly CURRENT=$PREFIX/current
readonly COMPLETE=.complete
# Before releases, the one venv; now a link to current/venv for the operator's scripts that name it.
readonly OLD_VENV=$PREFIX/venv
# The updater: outside the cabinet's sandbox, it installs signed releases and switches them.
readonly UPDATER=arcadeforge-updater.service
readonly UPDATER_FILE=/etc/systemd/system/$UPDATER
# The office's public key, in a folder only root may write: the cabinet user, which may write
# /etc/arcadeforge, must not be able to swap the key the root updater trusts.
readonly RELEASE_KEY=/etc/arcadeforge-update/release-key.pub
# Keep current, previous and one more: the rule `release update` keeps by (releases.py), run by the
# new release's own Python after it became current.
readonly PRUNE_RELEASES='import sys; from pathlib import Path; from cabinet.update.releases import Releases; '\
'print(*Releases(Path(sys.argv[1])).prune())'
readonly CONFIG_DIR=/etc/arcadeforge
readonly SETTINGS_MODE=640   # the settings may hold the broker password: root and the cabinet's group only
readonly STATE_DIR=/var/lib/arcadeforge
# The books' mirror (coins, credits, audits, high scores), outside the state folder so that its
# loss leaves them: the unit's second StateDirectory=, the cabinet's storage.books_mirror.
readonly BOOKS_DIR=/var/lib/arcadeforge-books
readonly UNIT_FILE=/etc/systemd/system/$SERVICE
readonly DOC_DIR=/usr/share/doc/arcadeforge
readonly BOOT_CMDLINES=(/boot/firmware/cmdline.txt /boot/cmdline.txt)
# No console blanking, no blinking text cursor over the attract mode.
readonly BOOT_FLAGS=(consoleblank=0 vt.global_cursor_default=0)
readonly APT_PACKAGES=(
    python3 python3-venv python3-pip     # the interpreter and its virtual environments
    python3-numpy python3-yaml           # pre-built, seen through --system-site-packages
    # pygame-ce's wheel brings its own SDL (with the KMSDRM driver); SDL opens these at run time
    # to draw with KMS/DRM on the GPU. Nothing is compiled: no compiler, no -dev packages.
    libgbm1 libdrm2 libegl1 libgles2 libgl1-mesa-dri
    'libasound2t64|libasound2'           # ALSA sound: Debian 13's name for it, else Debian 12's
    alsa-utils                           # speaker-test, for the operator
)
# GPIO for gpiozero: Raspberry Pi OS's own archive has python3-lgpio; plain Debian (arm64) has not,
# and there PyPI's lgpio wheel goes into the venv, pinned: a wheels-only install left to itself may
# take lgpio 0.0.0.2, an empty placeholder. PyPI has no such wheel for every Python (none for 3.13,
# Debian 13's): then it is built once from lgpio's sdist, which carries the C library, with the
# compiler packages below, and the wheel kept in LGPIO_WHEELS for later runs.
readonly LGPIO_PACKAGE=python3-lgpio
readonly LGPIO_WHEEL='lgpio>=0.2'
readonly LGPIO_BUILD_PACKAGES=(swig gcc libc6-dev python3-dev)
readonly LGPIO_WHEELS=$PREFIX/wheels
# Mount units that put the state and settings folders on the --data-dir partition.
readonly STATE_MOUNT=/etc/systemd/system/var-lib-arcadeforge.mount
readonly CONFIG_MOUNT=/etc/systemd/system/etc-arcadeforge.mount
readonly BOOKS_MOUNT='/etc/systemd/system/var-lib-arcadeforge\x2dbooks.mount'   # systemd-escape's name

SOURCE_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
readonly SOURCE_DIR
RELEASE=                 # this checkout's release: <version>+src.<first 8 of its fingerprint>
VENV=                    # its venv, $RELEASES/$RELEASE/venv
BUILT=no                 # whether this run (re)built that release
KEY_SOURCE=              # --release-key
DESTDIR=${DESTDIR:-}
DESTDIR=${DESTDIR%/}
DRY_RUN=no
MODE=install
DATA_DIR=
CHANGES=0
LGPIO_FROM_PYPI=no
DOCTOR_STATUS=0          # the exit status of the doctor's run: 0 ok, 1 warn, 3 fail

say() { printf '%s\n' "$*"; }
die() { printf 'install.sh: %s\n' "$*" >&2; exit 1; }

# Whether commands act on this machine: not in a dry run, not when installing into DESTDIR.
live() { [[ $DRY_RUN == no && -z $DESTDIR ]]; }

# Whether this machine's state (users, packages, units) describes the target.
can_query() { [[ -z $DESTDIR ]]; }

# Whether files are written: always, except in a dry run onto the real root.
writes_files() { [[ $DRY_RUN == no || -n $DESTDIR ]]; }

# Run a command that changes the system, or print it.
run() {
    local shown
    printf -v shown '%q ' "$@"
    if live; then
        say "run: ${shown% }"
        "$@"
        CHANGES=$((CHANGES + 1))
    else
        say "would run: ${shown% }"
        if can_query; then CHANGES=$((CHANGES + 1)); fi
    fi
}

# Note a file change that was made (or, in a dry run, would be made).
changed() {
    CHANGES=$((CHANGES + 1))
    if writes_files; then say "$1"; else say "would: $1"; fi
}

# Copy $1 to $DESTDIR$2 with mode $3 unless it is already identical. Returns 1 if unchanged.
install_file() {
    local source=$1 target=$DESTDIR$2 mode=$3
    if [[ -f $target ]] && cmp -s "$source" "$target"; then
        say "unchanged: $2"
        return 1
    fi
    if writes_files; then install -D -m "$mode" "$source" "$target"; fi
    changed "installed: $2"
}

# Write the line $2 to $DESTDIR$1 through a temporary file and a rename, then flush it to the
# card: a power cut while editing the boot partition must leave the old line or the new one.
replace_text() {
    local target=$DESTDIR$1 text=$2
    if writes_files; then
        printf '%s\n' "$text" > "$target.new"
        sync "$target.new"
        mv -f "$target.new" "$target"
        sync "$target"
    fi
}

remove_path() {
    if [[ -e $DESTDIR$1 || -L $DESTDIR$1 ]]; then
        if writes_files; then rm -rf -- "$DESTDIR$1"; fi
        changed "removed: $1"
    fi
}

# The Raspberry Pi kernel command line file, or nothing when this is not a Pi boot partition.
find_cmdline() {
    local candidate
    for candidate in "${BOOT_CMDLINES[@]}"; do
        if [[ -f $DESTDIR$candidate ]]; then
            say "$candidate"
            return
        fi
    done
}

# Echo the kernel command line $1 with BOOT_FLAGS set ("add") or taken out ("remove").
edit_flags() {
    local action=$1 word flag key kept=()
    local -a words
    read -ra words <<< "$2"
    for word in "${words[@]}"; do
        for flag in "${BOOT_FLAGS[@]}"; do
            key=${flag%%=*}
            [[ $word == "$key="* ]] && continue 2
        done
        kept+=("$word")
    done
    [[ $action == add ]] && kept+=("${BOOT_FLAGS[@]}")
    say "${kept[*]}"
}

# Whether the kernel command line $1 already has each of BOOT_FLAGS, once, with our value.
flags_in_place() {
    local flag word matches
    local -a words
    read -ra words <<< "$1"
    for flag in "${BOOT_FLAGS[@]}"; do
        matches=0
        for word in "${words[@]}"; do
            [[ $word == "${flag%%=*}="* ]] || continue
            [[ $word == "$flag" ]] || return 1
            matches=$((matches + 1))
        done
        [[ $matches -eq 1 ]] || return 1
    done
    return 0
}

# The BOOT_FLAGS keys as the command line had them before the first install (from its backup).
original_flags() {
    local backup=$1 word flag
    local -a words
    [[ -f $backup ]] || return 0
    read -ra words < "$backup"
    for word in "${words[@]}"; do
        for flag in "${BOOT_FLAGS[@]}"; do
            [[ $word == "${flag%%=*}="* ]] && say "$word"
        done
    done
    return 0
}

# Add BOOT_FLAGS to the kernel command line, or on "remove" put back what was there before.
set_boot_flags() {
    local action=$1 cmdline current wanted
    local -a words
    cmdline=$(find_cmdline)
    if [[ -z $cmdline ]]; then
        say "skipped: no ${BOOT_CMDLINES[0]} (not a Raspberry Pi boot partition); console left as it is"
        return
    fi
    current=$(head -n 1 "$DESTDIR$cmdline")
    wanted=$(edit_flags "$action" "$current")
    if [[ $action == remove ]]; then
        read -ra words <<< "$wanted $(original_flags "$DESTDIR$cmdline.before-arcadeforge" | tr '\n' ' ')"
        wanted=${words[*]}
    fi
    read -ra words <<< "$current"
    if [[ $action == add ]] && flags_in_place "$current" || [[ $action == remove && ${words[*]} == "$wanted" ]]; then
        say "unchanged: $cmdline"
        return
    fi
    if [[ $action == add && ! -e $DESTDIR$cmdline.before-arcadeforge ]] && writes_files; then
        cp "$DESTDIR$cmdline" "$DESTDIR$cmdline.before-arcadeforge"
    fi
    replace_text "$cmdline" "$wanted"
    changed "edited: $cmdline ($action ${BOOT_FLAGS[*]}; takes effect at the next boot)"
}

# A fingerprint of the program's source, to skip reinstalling an unchanged project.
source_fingerprint() {
    (cd "$SOURCE_DIR" && find cabinet config pyproject.toml -type f \
        ! -name '*.pyc' ! -path '*/__pycache__/*' -print0 | sort -z | xargs -0 sha256sum) \
        | sha256sum | cut -d ' ' -f 1
}

# Whether the venv's pygame loads an SDL with the KMS/DRM video driver compiled in.
pygame_has_kmsdrm() {
    "$VENV/bin/python" -m cabinet.render.sdl_drivers --require KMSDRM
}

# Whether apt can install package $1 from this machine's archives (it has a candidate version).
apt_has() {
    local candidate
    candidate=$(apt-cache policy "$1" 2>/dev/null | awk '$1 == "Candidate:" { print $2 }')
    [[ -n $candidate && $candidate != "(none)" ]]
}

# Whether venv $1 (default: this checkout's release) has its own lgpio from PyPI (the plain-Debian
# fallback, installed earlier).
venv_has_lgpio() {
    compgen -G "$DESTDIR${1:-$VENV}/lib/python3*/site-packages/lgpio-*.dist-info" >/dev/null
}

# Whether an earlier install found no python3-lgpio in apt and took PyPI's lgpio into a venv.
lgpio_taken_from_pypi_before() {
    local venv
    for venv in "$OLD_VENV" "$RELEASES"/*/venv; do
        [[ -L $DESTDIR$venv ]] && continue
        venv_has_lgpio "$venv" && return 0
    done
    return 1
}

# Take python3-lgpio off ensure_packages' missing list: lgpio comes from PyPI into the venv.
lgpio_from_pypi() {
    local package kept=()
    LGPIO_FROM_PYPI=yes
    for package in "${missing[@]}"; do
        [[ $package == "$LGPIO_PACKAGE" ]] || kept+=("$package")
    done
    missing=("${kept[@]}")
}

# Whether dpkg has package $1 installed.
is_installed() {
    [[ $(dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null) == ii* ]]
}

# The package to install for "new|old" (a package Debian renamed): the installed one, else the first
# apt can install, else the first. A plain name is itself.
pick_package() {
    local name
    local -a names
    IFS='|' read -ra names <<< "$1"
    if can_query; then
        for name in "${names[@]}"; do
            if is_installed "$name"; then say "$name"; return; fi
        done
        for name in "${names[@]}"; do
            if apt_has "$name"; then say "$name"; return; fi
        done
    fi
    say "${names[0]}"
}

ensure_packages() {
    local package missing=()
    for package in "${APT_PACKAGES[@]}" "$LGPIO_PACKAGE"; do
        package=$(pick_package "$package")
        if ! can_query || ! is_installed "$package"; then
            missing+=("$package")
        fi
    done
    if can_query && [[ " ${missing[*]} " == *" $LGPIO_PACKAGE "* ]] && lgpio_taken_from_pypi_before; then
        lgpio_from_pypi
        say "unchanged: lgpio from PyPI in the cabinet's venv (no $LGPIO_PACKAGE in apt here)"
    fi
    if [[ ${#missing[@]} -eq 0 ]]; then
        say "unchanged: apt packages (all installed)"
        return
    fi
    run apt-get update
    if can_query && [[ " ${missing[*]} " == *" $LGPIO_PACKAGE "* ]] && ! apt_has "$LGPIO_PACKAGE"; then
        lgpio_from_pypi
        say "no $LGPIO_PACKAGE in this system's apt archives (plain Debian, not Raspberry Pi OS):" \
            "lgpio ($LGPIO_WHEEL) goes into $VENV instead"
        [[ ${#missing[@]} -gt 0 ]] || return 0
    fi
    run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
}

ensure_user() {
    local group missing=()
    for group in "${CABINET_GROUPS[@]}"; do
        if ! can_query || ! getent group "$group" >/dev/null; then
            run groupadd --system "$group"
        fi
    done
    if ! can_query || ! id "$CABINET_USER" >/dev/null 2>&1; then
        run useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
            --shell /usr/sbin/nologin --comment "ArcadeForge Verse cabinet" \
            --groups "$(IFS=,; say "${CABINET_GROUPS[*]}")" "$CABINET_USER"
        return
    fi
    for group in "${CABINET_GROUPS[@]}"; do
        [[ " $(id -nG "$CABINET_USER") " == *" $group "* ]] || missing+=("$group")
    done
    if [[ ${#missing[@]} -gt 0 ]]; then
        run usermod --append --groups "$(IFS=,; say "${missing[*]}")" "$CABINET_USER"
    else
        say "unchanged: user $CABINET_USER in groups ${CABINET_GROUPS[*]}"
    fi
}

# This checkout's release: its name, from pyproject.toml's version and the source's fingerprint (a
# tree changed between version bumps is a new release beside the running one, never an edit of it).
name_release() {
    local version fingerprint
    version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$SOURCE_DIR/pyproject.toml")
    [[ -n $version ]] || die "no version = \"...\" line in $SOURCE_DIR/pyproject.toml"
    fingerprint=$(source_fingerprint)
    RELEASE=$version+src.${fingerprint:0:8}
    VENV=$RELEASES/$RELEASE/venv
}

ensure_program() {
    local home=$RELEASES/$RELEASE
    if [[ ! -f $DESTDIR$home/$COMPLETE ]]; then
        build_release "$home"
    elif [[ $LGPIO_FROM_PYPI == yes ]] && ! venv_has_lgpio; then
        ensure_lgpio_wheel
    else
        say "unchanged: release $RELEASE in $home"
    fi
    ensure_current
    if [[ $BUILT == yes ]]; then
        run "$VENV/bin/python" -c "$PRUNE_RELEASES" "$PREFIX"
    fi
}

# Build the release in its final folder (a venv cannot move); .complete, written last, makes it usable.
build_release() {
    local home=$1
    if can_query && [[ -e $home ]]; then
        run rm -rf -- "$home"    # left unfinished by a power cut or a failed pip: start it again
    fi
    run python3 -m venv --system-site-packages "$VENV"
    if [[ $LGPIO_FROM_PYPI == yes ]]; then
        ensure_lgpio_wheel
    fi
    # Ready-made wheels only: an operator's Pi must never fall back to compiling pygame-ce, and
    # lgpio is built (if at all) by ensure_lgpio_wheel, never by pip as a side effect.
    run "$VENV/bin/pip" install --quiet --only-binary pygame-ce,lgpio "$SOURCE_DIR"
    if live; then
        pygame_has_kmsdrm || die "the installed pygame-ce's SDL has no KMSDRM video driver, so it cannot draw" \
            "on the screen; see docs/installing.md"
        printf '{"release": "%s", "installed_by": "systemd/install.sh", "source": "%s"}\n' \
            "$RELEASE" "$(source_fingerprint)" > "$home/$COMPLETE"
        sync "$home/$COMPLETE" "$RELEASES"
    fi
    BUILT=yes
}

# Point $PREFIX/$1 at $2 by one rename of a new link, as `release switch` does: a power cut leaves
# the old link or the new one.
point_link() {
    local link=$DESTDIR$PREFIX/$1
    if writes_files; then
        mkdir -p "$DESTDIR$PREFIX"
        ln -sfn "$2" "$DESTDIR$PREFIX/.$1.new"
        mv -Tf "$DESTDIR$PREFIX/.$1.new" "$link"
        sync "$DESTDIR$PREFIX"
    fi
    changed "linked: $PREFIX/$1 -> $2"
}

# Make this checkout's release current, the one it replaces previous. A release the updater switched
# to since (`release update`) is kept when this checkout brings nothing new: the installer rerun
# for another option must not take a cabinet back.
ensure_current() {
    local running
    running=$(readlink "$DESTDIR$CURRENT" 2>/dev/null || true)
    if [[ $running == "releases/$RELEASE" ]]; then
        say "unchanged: $CURRENT -> releases/$RELEASE"
    elif [[ $BUILT == no && -f $DESTDIR$PREFIX/$running/$COMPLETE ]]; then
        say "kept: $CURRENT -> $running (switched by release update); this checkout's release $RELEASE" \
            "stays beside it (python -m cabinet release switch $RELEASE runs it)"
    else
        if [[ -f $DESTDIR$PREFIX/$running/$COMPLETE ]]; then
            point_link previous "$running"
        fi
        point_link current "releases/$RELEASE"
    fi
}

# The venv of earlier installs becomes a link to current/venv. Called with the cabinet stopped: an
# old install runs from that very venv.
ensure_old_venv_link() {
    local old=$DESTDIR$OLD_VENV
    if [[ -L $old && $(readlink "$old") == current/venv ]]; then
        say "unchanged: $OLD_VENV -> current/venv"
        return
    fi
    if [[ -d $old && ! -L $old ]]; then
        if writes_files; then rm -rf -- "$old"; fi
        changed "removed: $OLD_VENV (the layout before releases; the program is in $CURRENT now)"
    fi
    point_link venv current/venv
}

# lgpio into the venv without apt's python3-lgpio: PyPI's wheel for this Python where there is one,
# else the wheel built earlier into LGPIO_WHEELS, else one built now from the sdist (PYPI=1 links
# lgpio's own C library in, as in PyPI's wheels) with LGPIO_BUILD_PACKAGES from apt.
ensure_lgpio_wheel() {
    local pip=$VENV/bin/pip
    if ! live; then
        say "would run: $pip install --quiet --only-binary lgpio '$LGPIO_WHEEL' (if PyPI has no wheel for" \
            "this Python: build it once from the sdist, installing ${LGPIO_BUILD_PACKAGES[*]})"
        CHANGES=$((CHANGES + 1))
        return
    fi
    if compgen -G "$LGPIO_WHEELS/lgpio-*-$(wheel_tag)-*.whl" >/dev/null; then
        run "$pip" install --quiet --no-index --find-links "$LGPIO_WHEELS" lgpio
        return
    fi
    say "run: $pip install --quiet --only-binary lgpio '$LGPIO_WHEEL'"
    if "$pip" install --quiet --only-binary lgpio "$LGPIO_WHEEL" 2>/dev/null; then
        CHANGES=$((CHANGES + 1))
        return
    fi
    say "no lgpio wheel on PyPI for this Python ($(wheel_tag)): building it once from lgpio's sdist"
    local package missing=()
    for package in "${LGPIO_BUILD_PACKAGES[@]}"; do
        is_installed "$package" || missing+=("$package")
    done
    for package in "${missing[@]}"; do
        apt_has "$package" || die "lgpio must be built here from its C sources, which need" \
            "${LGPIO_BUILD_PACKAGES[*]}, and apt cannot install $package: install it, then run $0 again"
    done
    if [[ ${#missing[@]} -gt 0 ]]; then
        run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
    fi
    # PIP_ONLY_BINARY from the caller's environment would forbid the very build asked for here.
    run env -u PIP_ONLY_BINARY PYPI=1 "$pip" wheel --quiet --no-deps --no-binary lgpio \
        --wheel-dir "$LGPIO_WHEELS" "$LGPIO_WHEEL"
    run "$pip" install --quiet --no-index --find-links "$LGPIO_WHEELS" lgpio
}

# The venv Python's wheel tag (cp313), to find a wheel built for it earlier.
wheel_tag() {
    "$VENV/bin/python" -c 'import sys; print(f"cp{sys.version_info[0]}{sys.version_info[1]}")'
}

# A bind mount unit: $2 (the cabinet's usual folder) shows the persistent folder $1.
mount_unit() {
    cat <<UNIT
# Installed by systemd/install.sh --data-dir: $2 lives on the persistent partition.
[Unit]
Description=ArcadeForge Verse $3 on persistent storage
RequiresMountsFor=$DATA_DIR
Before=$SERVICE

[Mount]
What=$1
Where=$2
Type=none
Options=bind

[Install]
WantedBy=local-fs.target
UNIT
}

# The data partition already chosen by an earlier run (the What= of the state mount), if any.
installed_data_dir() {
    local what
    [[ -f $DESTDIR$STATE_MOUNT ]] || return 0
    what=$(sed -n 's/^What=//p' "$DESTDIR$STATE_MOUNT")
    say "${what%/state}"
}

# Put the state and settings folders on DATA_DIR (--data-dir), copying what is there today.
ensure_data_dir() {
    local pair source folder unit target scratch changed_units=no
    DATA_DIR=${DATA_DIR:-$(installed_data_dir)}
    if [[ -z $DATA_DIR ]]; then
        say "unchanged: scores in $STATE_DIR, settings in $CONFIG_DIR (no --data-dir)"
        return
    fi
    [[ $DATA_DIR == /* ]] || die "--data-dir must be an absolute path, got '$DATA_DIR'"
    for pair in "state:$STATE_DIR:$STATE_MOUNT:scores" "config:$CONFIG_DIR:$CONFIG_MOUNT:settings" \
                "books:$BOOKS_DIR:$BOOKS_MOUNT:books mirror"; do
        IFS=: read -r folder source unit target <<< "$pair"
        if [[ ! -d $DESTDIR$DATA_DIR/$folder ]]; then
            if writes_files; then
                mkdir -p "$DESTDIR$DATA_DIR/$folder" "$DESTDIR$source"   # the folder, and its mount point
                cp -a "$DESTDIR$source/." "$DESTDIR$DATA_DIR/$folder/"
            fi
            changed "created: $DATA_DIR/$folder ($target, copied from $source)"
        fi
        # A fresh name made with O_EXCL: a fixed /tmp name could be a link planted to make root
        # write elsewhere.
        scratch=$(mktemp "${TMPDIR:-/tmp}/arcadeforge-mount.XXXXXXXXXX")
        mount_unit "$DATA_DIR/$folder" "$source" "$target" > "$scratch"
        if install_file "$scratch" "$unit" 0644; then
            changed_units=yes
        fi
        rm -f "$scratch"
        if [[ $changed_units == yes ]] || ! can_query || ! systemctl is-enabled --quiet "${unit##*/}" 2>/dev/null; then
            run systemctl enable "${unit##*/}"
        fi
    done
    if [[ $changed_units == yes ]]; then
        run systemctl daemon-reload
    fi
    say "scores and settings live on $DATA_DIR (state/, config/ and books/): safe on a read-only or overlay root"
}

ensure_settings() {
    local target=$CONFIG_DIR/cabinet.yaml
    if [[ -e $DESTDIR$target ]]; then
        say "kept: $target (the operator's settings are never overwritten)"
    else
        install_file "$SOURCE_DIR/config/cabinet.yaml" "$target" 0$SETTINGS_MODE || true
    fi
    if [[ -f $DESTDIR$target && $(stat -c '%a' "$DESTDIR$target") != "$SETTINGS_MODE" ]]; then
        if writes_files; then chmod "$SETTINGS_MODE" "$DESTDIR$target"; fi
        changed "permissions: $target readable by root and group $CABINET_USER only (0$SETTINGS_MODE)"
    fi
    # The service menu saves settings here, as the cabinet user: give the folder and file its group.
    if ! can_query || [[ $(stat -c '%G %a' "$CONFIG_DIR" 2>/dev/null) != "$CABINET_USER 775" ]]; then
        run chgrp "$CABINET_USER" "$CONFIG_DIR"
        run chmod 0775 "$CONFIG_DIR"
    fi
    if ! can_query || [[ $(stat -c '%G' "$target" 2>/dev/null) != "$CABINET_USER" ]]; then
        run chgrp "$CABINET_USER" "$target"
    fi
}

ensure_service() {
    local unit_changed=no
    install_file "$SOURCE_DIR/systemd/$SERVICE" "$UNIT_FILE" 0644 && unit_changed=yes
    install_file "$SOURCE_DIR/README.md" "$DOC_DIR/README.md" 0644 || true
    local doc
    for doc in "$SOURCE_DIR"/docs/*.md; do
        install_file "$doc" "$DOC_DIR/docs/${doc##*/}" 0644 || true
    done
    install_file "$SOURCE_DIR/systemd/$UPDATER" "$UPDATER_FILE" 0644 && unit_changed=yes
    if [[ $unit_changed == yes ]] || ! can_query; then
        run systemctl daemon-reload
    fi
    local service
    for service in "$SERVICE" "$UPDATER"; do
        if ! can_query || ! systemctl is-enabled --quiet "$service" 2>/dev/null; then
            run systemctl enable "$service"
        fi
    done
    # The cabinet owns the screen: no login prompt on tty1 and no desktop behind the game.
    if ! can_query || systemctl is-enabled --quiet getty@tty1.service 2>/dev/null; then
        run systemctl disable getty@tty1.service
    fi
    if ! can_query || [[ $(systemctl get-default 2>/dev/null) == graphical.target ]]; then
        run systemctl set-default multi-user.target
    fi
}

# The console keys of a USB keyboard plugged into the cabinet: Ctrl+Alt+Del would reboot it
# (systemd's ctrl-alt-del.target) and SysRq could kill, sync or reboot it. "add" masks the one
# and sets kernel.sysrq=0 from the next boot (and now, on this machine); "remove" undoes both.
# What only a real Pi confirms, Ctrl+Alt+F2 under KMSDRM among it: docs/installing.md.
readonly SYSRQ_CONF=/etc/sysctl.d/90-arcadeforge-sysrq.conf
kiosk_console_keys() {
    local action=$1 scratch masked
    masked=$(systemctl is-enabled ctrl-alt-del.target 2>/dev/null || true)
    if [[ $action == remove ]]; then
        remove_path "$SYSRQ_CONF"
        if ! can_query || [[ $masked == masked ]]; then run systemctl unmask ctrl-alt-del.target; fi
        return
    fi
    scratch=$(mktemp "${TMPDIR:-/tmp}/arcadeforge-sysrq.XXXXXXXXXX")
    printf '# Installed by systemd/install.sh: no SysRq keys on a kiosk cabinet.\nkernel.sysrq = 0\n' > "$scratch"
    if install_file "$scratch" "$SYSRQ_CONF" 0644; then
        # A minimal Debian (no procps) has no sysctl: the file alone turns SysRq off from the next boot.
        if ! live || command -v sysctl >/dev/null; then
            run sysctl -q -w kernel.sysrq=0
        else
            say "kernel.sysrq = 0 from the next boot: no sysctl here (procps) to set it now"
        fi
    fi
    rm -f "$scratch"
    if ! can_query || [[ $masked != masked ]]; then run systemctl mask ctrl-alt-del.target; fi
}

# --release-key: the office's public key, checked before anything changes. A private key is
# refused: only the public key ever goes on a cabinet.
check_release_key() {
    [[ -f $KEY_SOURCE && -r $KEY_SOURCE ]] || die "--release-key: cannot read '$KEY_SOURCE'"
    if grep -q 'PRIVATE KEY' "$KEY_SOURCE"; then
        die "--release-key: $KEY_SOURCE is a private key; only the public key (release-key.pub) goes on a cabinet"
    fi
    if [[ $(wc -l < "$KEY_SOURCE") -ne 1 ]] || ! grep -Eq '^ed25519 [A-Za-z0-9+/]{43}=$' "$KEY_SOURCE"; then
        die "--release-key: $KEY_SOURCE is not a release-key.pub made by python -m cabinet release keygen"
    fi
}

ensure_release_key() {
    if [[ -n $KEY_SOURCE ]]; then
        install_file "$KEY_SOURCE" "$RELEASE_KEY" 0644 || true
    elif [[ -f $DESTDIR$RELEASE_KEY ]]; then
        say "unchanged: $RELEASE_KEY (the office's public key for signed releases)"
    else
        say "no release key yet: signed releases are refused until install.sh --release-key=release-key.pub"
    fi
}

install_all() {
    ensure_packages
    ensure_user
    ensure_program
    ensure_settings
    ensure_service
    ensure_release_key
    ensure_data_dir
    set_boot_flags add
    kiosk_console_keys add
    # Stopped while the doctor checks the screen and pins, which the running cabinet holds.
    if [[ $CHANGES -gt 0 ]] && can_query && systemctl is-active --quiet "$SERVICE" 2>/dev/null; then
        run systemctl stop "$SERVICE"
    fi
    ensure_old_venv_link
    check_machine
    if [[ $CHANGES -gt 0 ]]; then
        run systemctl restart "$SERVICE"
        # The updater runs the current release's code too.
        run systemctl restart "$UPDATER"
    fi
    say "scores, audits and replays: $STATE_DIR ; settings: $CONFIG_DIR/cabinet.yaml"
    say "logs: journalctl -u arcadeforge (problems only: journalctl -u arcadeforge -p warning)"
    if [[ $DOCTOR_STATUS -gt 1 ]]; then
        die "installed, but the doctor found a fault (the fail line above); fix it, then run $0 again"
    fi
}

# The cabinet's self test (python -m cabinet doctor), run as the service runs the program: its
# user, the unit's Environment= lines, its state and runtime folders (made here as systemd's
# StateDirectory= and RuntimeDirectory= would). Warnings do not fail the install; a failure does.
check_machine() {
    local -a environment
    if ! live; then
        say "would check: $CURRENT/venv/bin/python -m cabinet doctor (as $CABINET_USER)"
        return
    fi
    mapfile -t environment < <(sed -n 's/^Environment=//p' "$UNIT_FILE")
    install -d -o "$CABINET_USER" -g "$CABINET_USER" -m 0750 "$STATE_DIR" "$BOOKS_DIR" /run/arcadeforge
    say "doctor: checking this machine as the cabinet will use it"
    setpriv --reuid="$CABINET_USER" --regid="$CABINET_USER" --init-groups \
        env -C "$STATE_DIR" "${environment[@]}" HOME="$STATE_DIR" STATE_DIRECTORY="$STATE_DIR:$BOOKS_DIR" \
        "$CURRENT/venv/bin/python" -m cabinet doctor || DOCTOR_STATUS=$?
    if [[ $DOCTOR_STATUS -eq 1 ]]; then
        say "doctor: see the warn lines above; the cabinet runs, but they are worth fixing"
    fi
}

# --doctor: the check alone, with the cabinet stopped while it runs and started again after.
doctor_only() {
    local was_active=no
    [[ -x $DESTDIR$CURRENT/venv/bin/python && -f $DESTDIR$UNIT_FILE ]] || die "the cabinet is not installed here; run $0 first"
    if live && systemctl is-active --quiet "$SERVICE" 2>/dev/null; then
        was_active=yes
        systemctl stop "$SERVICE"
    fi
    check_machine
    if [[ $was_active == yes ]]; then systemctl start "$SERVICE"; fi
    exit "$DOCTOR_STATUS"
}

uninstall_all() {
    local unit pair service file removed=no
    for pair in "$UPDATER:$UPDATER_FILE" "$SERVICE:$UNIT_FILE"; do
        IFS=: read -r service file <<< "$pair"
        if [[ -e $DESTDIR$file ]]; then
            run systemctl disable --now "$service"
            remove_path "$file"
            removed=yes
        else
            say "unchanged: $file is not installed"
        fi
    done
    if [[ $removed == yes ]]; then run systemctl daemon-reload; fi
    if ! can_query || ! systemctl is-enabled --quiet getty@tty1.service 2>/dev/null; then
        run systemctl enable getty@tty1.service
    fi
    for unit in "$STATE_MOUNT" "$CONFIG_MOUNT" "$BOOKS_MOUNT"; do
        if [[ -e $DESTDIR$unit ]]; then
            run systemctl disable "${unit##*/}"
            remove_path "$unit"
        fi
    done
    remove_path "$PREFIX"
    remove_path "$DOC_DIR"
    set_boot_flags remove
    kiosk_console_keys remove
    say "kept: $STATE_DIR (scores, audits, replays), $BOOKS_DIR (their mirror), $CONFIG_DIR (settings), user $CABINET_USER"
    say "kept: ${RELEASE_KEY%/*} (the office's public key) and /var/lib/arcadeforge-update (the updater's journal)"
    say "kept: the multi-user (console) boot; 'systemctl set-default graphical.target' brings a desktop back"
}

main() {
    local arg
    for arg in "$@"; do
        case $arg in
            --dry-run) DRY_RUN=yes ;;
            --uninstall) MODE=uninstall ;;
            --doctor) MODE=doctor ;;
            --data-dir=*) DATA_DIR=${arg#--data-dir=}; DATA_DIR=${DATA_DIR%/}; [[ -n $DATA_DIR ]] || die "--data-dir needs a folder" ;;
            --release-key=*) KEY_SOURCE=${arg#--release-key=}; check_release_key ;;
            -h|--help) sed -n '2,19s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; exit 0 ;;
            *) die "unknown option '$arg' (try --help)" ;;
        esac
    done
    if live && [[ $(id -u) -ne 0 ]]; then
        die "run as root (sudo $0), or try --dry-run"
    fi
    [[ -n $DESTDIR ]] && say "installing files under DESTDIR=$DESTDIR; system commands are only printed"
    [[ $DRY_RUN == yes ]] && say "dry run: nothing outside DESTDIR is changed"
    if [[ $MODE == doctor ]]; then doctor_only; fi
    name_release
    if [[ $MODE == install ]]; then install_all; else uninstall_all; fi
    if [[ $CHANGES -eq 0 ]]; then
        say "arcadeforge: nothing to do, already ${MODE}ed"
    elif live || [[ -n $DESTDIR ]]; then
        say "arcadeforge: $CHANGES change(s) made"
    else
        say "arcadeforge: $CHANGES change(s) would be made"
    fi
}

main "$@"
