"""Ed25519 keys and signatures for release bundles.

The operator makes one key pair; the private key stays in the office, and only the public key
goes on a cabinet (``install.sh --release-key``). The public key file is one line,
``ed25519 <base64 of the 32 raw bytes>``, so it can be read over a phone and pasted.

``cryptography`` signs and verifies: the standard library has no Ed25519, and pyca's
library is the well-kept one (Debian ships it as python3-cryptography, PyPI as abi3 wheels).
"""

from __future__ import annotations

import base64
import binascii
import os
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

PUBLIC_PREFIX = "ed25519 "


class KeyFileError(ValueError):
    """A key file that cannot be used; the message names the file, never the key."""


def make_key_pair(private_path: Path, public_path: Path) -> None:
    """Write a new private key (PKCS#8 PEM, readable by its owner only) and its public key.

    An existing private key is never overwritten: losing it would orphan every cabinet."""
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    fd = os.open(private_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(pem)
    public_path.write_text(public_text(key.public_key()), encoding="ascii")


def public_text(key: Ed25519PublicKey) -> str:
    raw = key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return PUBLIC_PREFIX + base64.b64encode(raw).decode("ascii") + "\n"


def load_private(path: Path) -> Ed25519PrivateKey:
    try:
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    except OSError as exc:
        raise KeyFileError(f"{path}: cannot read the private key ({exc.strerror})") from None
    except (ValueError, TypeError):
        raise KeyFileError(f"{path}: not an unencrypted PEM private key") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise KeyFileError(f"{path}: not an Ed25519 key")
    return key


def load_public(path: Path) -> Ed25519PublicKey:
    try:
        text = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError) as exc:
        raise KeyFileError(
            f"{path}: cannot read the release key ({getattr(exc, 'strerror', None) or 'not text'})"
        ) from None
    if not text.startswith(PUBLIC_PREFIX):
        raise KeyFileError(f"{path}: not an 'ed25519 <base64>' release key")
    try:
        raw = base64.b64decode(text[len(PUBLIC_PREFIX) :], validate=True)
        return Ed25519PublicKey.from_public_bytes(raw)
    except (binascii.Error, ValueError):
        raise KeyFileError(f"{path}: the release key is not 32 bytes of base64") from None


def sign(key: Ed25519PrivateKey, data: bytes) -> bytes:
    return key.sign(data)


def verifies(key: Ed25519PublicKey, data: bytes, signature: bytes) -> bool:
    try:
        key.verify(signature, data)
    except InvalidSignature:
        return False
    return True
