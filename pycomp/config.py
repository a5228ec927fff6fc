"""Configuration read from the environment (see docs/environment.md).

Flags are read when used, so tests and users can set them at run time;
"", "0", "false", "no" and "off" mean off.
"""

from __future__ import annotations

import os

__all__ = ["flag", "integer"]

_OFF = ("", "0", "false", "no", "off")


def flag(name: str) -> bool:
    """Whether the environment variable ``name`` is set to an on value."""
    return os.environ.get(name, "").strip().lower() not in _OFF


def integer(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value else default
