#!/usr/bin/env bash
# Installs the Debian tools some tests use (systemd-analyze, shellcheck, and mosquitto with
# openssl for the fleet link's real-broker tests) when they are
# missing and we may install them. Tests that need a tool still skip, saying why, when
# it cannot be had.
set -u
missing=()
command -v systemd-analyze >/dev/null 2>&1 || missing+=(systemd)
command -v shellcheck >/dev/null 2>&1 || missing+=(shellcheck)
# The broker itself only: the tests start their own on loopback and never touch a system one.
command -v mosquitto >/dev/null 2>&1 || [ -x /usr/sbin/mosquitto ] || missing+=(mosquitto)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "note: ${missing[*]} not installed and cannot be installed here; their tests will skip" >&2
    exit 0
fi
echo "installing test tools: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null 2>&1 || true
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1 \
    || echo "note: could not install ${missing[*]}; their tests will skip" >&2
exit 0
