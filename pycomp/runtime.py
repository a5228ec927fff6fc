"""pycomp's memory runtime seen from Python: allocation statistics, the
large-block cache, leak checks.

The runtime itself is C (``csrc/nrt.c``, in ``pycomp._helperlib``): compiled
code allocates reference-counted blocks ("meminfos") through it, and an
ndarray returned to Python owns its block through a
``pycomp._helperlib.MemInfoOwner`` base.  This module imports only that
extension (no xDSL, no llvmlite), so it is cheap to import from tests.

``rtsys`` mirrors Numba's ``numba.core.runtime.rtsys``::

    from pycomp.runtime import rtsys, assert_no_leaks
    rtsys.get_allocation_stats()   # _nrt_mstats(alloc=..., free=..., mi_alloc=..., mi_free=...)
    with assert_no_leaks():
        f(x)                       # AssertionError naming what leaked

The counters: ``alloc``/``free`` count raw blocks (one per meminfo: the
runtime allocates a meminfo and its data together), ``mi_alloc``/``mi_free``
meminfos; every raw block belongs to one meminfo, so the two pairs are
equal.  A large block kept in the reuse cache counts as freed; the cache
only keeps its mapping.  Totals are exact while no other thread allocates.
"""

from __future__ import annotations

import contextlib
import gc
from collections import namedtuple

from pycomp import _helperlib

__all__ = [
    "rtsys", "get_allocation_stats", "memsys_stats", "thread_stats", "bytes_in_use",
    "trim", "set_cache_limits", "assert_no_leaks", "MemoryLeakMixin", "MemoryLeakError",
    "LeakCheck",
]

#: Numba's name and fields for the allocation statistics.
_nrt_mstats = namedtuple("_nrt_mstats", ["alloc", "free", "mi_alloc", "mi_free"])

#: Every counter of the runtime (``_helperlib.NRT_STATS_FIELDS``): the four
#: above plus bytes_in_use, reused (mapped allocations, 128 KiB and up, served by
#: the reuse cache), mapped (mapped allocations that mapped fresh memory),
#: cached_blocks and cached_bytes (what the cache holds now).
MemsysStats = namedtuple("MemsysStats", _helperlib.NRT_STATS_FIELDS)

#: Alignment of every block's data; where mapped (cached) blocks start, and
#: where they are rounded to 2 MiB with huge pages.
ALIGN = _helperlib.NRT_ALIGN
MAPPED_THRESHOLD = _helperlib.NRT_MAPPED_THRESHOLD
LARGE_THRESHOLD = _helperlib.NRT_LARGE_THRESHOLD


class MemoryLeakError(AssertionError):
    """A block of code allocated runtime memory it did not free."""


def get_allocation_stats() -> _nrt_mstats:
    """Totals of all threads since the process started (Numba's fields)."""
    return _nrt_mstats(*_helperlib.nrt_stats()[:4])


def memsys_stats() -> MemsysStats:
    """Every counter, totals of all threads."""
    return MemsysStats(*_helperlib.nrt_stats())


def thread_stats() -> MemsysStats:
    """The calling thread's own counters.  ``bytes_in_use`` is the bytes this
    thread allocated minus the bytes it freed (negative when it freed blocks
    another thread allocated); the cache fields are 0."""
    return MemsysStats(*_helperlib.nrt_thread_stats())


def bytes_in_use() -> int:
    """Requested bytes of the live blocks compiled code allocated."""
    return _helperlib.nrt_stats()[4]


def trim() -> int:
    """Return the large-block reuse cache to the OS; the bytes unmapped."""
    return _helperlib.nrt_trim()


def set_cache_limits(max_blocks: int = -1, max_bytes: int = -1) -> tuple[int, int]:
    """Bound the large-block reuse cache (negative: unchanged; ``max_blocks=0``
    disables it); returns the previous ``(max_blocks, max_bytes)``."""
    return _helperlib.nrt_set_cache_limits(max_blocks, max_bytes)


class _RuntimeSystem:
    """Numba's ``rtsys`` interface over pycomp's runtime.  Statistics are
    always on: the ``memsys_*_stats`` switches exist for code written for
    Numba and change nothing."""

    get_allocation_stats = staticmethod(get_allocation_stats)
    memsys_stats = staticmethod(memsys_stats)
    thread_stats = staticmethod(thread_stats)
    trim = staticmethod(trim)
    set_cache_limits = staticmethod(set_cache_limits)

    def initialize(self, ctx=None):
        """Nothing to do: the runtime is ready when pycomp._helperlib loads."""

    @property
    def bytes_in_use(self) -> int:
        return bytes_in_use()

    def memsys_enable_stats(self) -> None:
        pass

    def memsys_disable_stats(self) -> None:
        pass

    def memsys_stats_enabled(self) -> bool:
        return True

    def memsys_get_stats_alloc(self) -> int:
        return get_allocation_stats().alloc

    def memsys_get_stats_free(self) -> int:
        return get_allocation_stats().free

    def memsys_get_stats_mi_alloc(self) -> int:
        return get_allocation_stats().mi_alloc

    def memsys_get_stats_mi_free(self) -> int:
        return get_allocation_stats().mi_free


rtsys = _RuntimeSystem()


# ---------------------------------------------------------------------------
# Leak checks
# ---------------------------------------------------------------------------

_LIVE = (("alloc", "free", "blocks"), ("mi_alloc", "mi_free", "meminfos"))


def _snapshot(per_thread: bool) -> MemsysStats:
    return thread_stats() if per_thread else memsys_stats()


def _leaks(before: MemsysStats, after: MemsysStats) -> list[str]:
    """What leaked between two snapshots, in words (empty: nothing)."""
    problems = []
    for alloc, free, what in _LIVE:
        made = getattr(after, alloc) - getattr(before, alloc)
        freed = getattr(after, free) - getattr(before, free)
        if made != freed:
            problems.append(f"{made - freed:+d} {what} ({alloc} +{made}, {free} +{freed})")
    grown = after.bytes_in_use - before.bytes_in_use
    if grown:
        problems.append(f"{grown:+d} bytes in use")
    return problems


class LeakCheck:
    """Records the runtime's statistics; ``check()`` raises MemoryLeakError
    naming every difference in live blocks, meminfos and bytes since.

    ``per_thread=True`` compares the calling thread's counters, so that
    other threads allocating at the same time do not disturb the check
    (a block allocated here and freed by another thread then reads as a
    leak).  ``collect=True`` runs the garbage collector before each snapshot
    so arrays kept alive only by collectable cycles do not count."""

    def __init__(self, *, per_thread: bool = False, collect: bool = True):
        self.per_thread = per_thread
        self.collect = collect
        if collect:
            gc.collect()
        self.before = _snapshot(per_thread)

    def leaks(self) -> list[str]:
        if self.collect:
            gc.collect()
        return _leaks(self.before, _snapshot(self.per_thread))

    def check(self) -> None:
        problems = self.leaks()
        if problems:
            raise MemoryLeakError("pycomp runtime memory leaked: " + "; ".join(problems))


@contextlib.contextmanager
def assert_no_leaks(*, per_thread: bool = False, collect: bool = True):
    """Raise MemoryLeakError (an AssertionError) if the block leaves runtime
    memory allocated that was not allocated before it.  The check is skipped
    when the block raises, so its own exception is what you see."""
    check = LeakCheck(per_thread=per_thread, collect=collect)
    yield check
    check.check()


class MemoryLeakMixin:
    """For unittest.TestCase classes, as Numba's: fails a test that leaves
    runtime memory allocated.  ``self.disable_leak_check()`` turns it off
    for one test."""

    _pycomp_leak_check_enabled = True

    def setUp(self):
        super().setUp()
        self.memory_leak_setup()

    def tearDown(self):
        self.memory_leak_teardown()
        super().tearDown()

    def memory_leak_setup(self):
        self._pycomp_leak_check = LeakCheck()

    def memory_leak_teardown(self):
        if self._pycomp_leak_check_enabled:
            self.assert_no_memory_leak()

    def assert_no_memory_leak(self):
        self._pycomp_leak_check.check()

    def disable_leak_check(self):
        self._pycomp_leak_check_enabled = False
