"""Standard-library calls a script run (script_run.py; issue 13) makes as Python would.

A layout is often decided on the host by an ordinary library call: the axis pairs of
`itertools.combinations(axes, 2)`, `shlex.split` of a launcher line, `statistics.median` of
timings, `bisect` into a size table, `os.path.basename` of a checkpoint path. These functions run
no code of the program and read nothing but their arguments, so on plain values (no Seq, no
record, no reference: `plain_tree`) the real call gives the program's result (or its exception,
raised where the call is). Anything else stops the run.

The combinatoric iterators take the items of any iterable the run can walk (as
`itertools.product` does, script_library.py: CPython reads the whole input when the iterator is
made) and hand them out unchanged: no item is read. `zip_longest` is lazy: only over lists,
tuples, strs and ranges (whose items no code produces).

Calls whose result differs from run to run (the clock, the process id, the temporary directory
TMPDIR names: unknown_texts.py) give an unknown value, never a guess; `time.sleep` of a non-negative number returns None without sleeping.
"""
from __future__ import annotations

import bisect
import difflib
import fnmatch
import getopt
import heapq
import itertools
import keyword
import math
import posixpath
import pprint
import shlex
import statistics
import string
import textwrap

from codemods.analysis.host_exprs import Iter, guard, plain_tree
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_logging import LIBRARY as LOGGING_LIBRARY
from codemods.analysis.exit_hooks import LIBRARY as EXIT_LIBRARY
from codemods.analysis.weak_references import LIBRARY as WEAK_LIBRARY
from codemods.analysis.weak_finalizers import LIBRARY as FINALIZER_LIBRARY
from codemods.analysis.script_values import Lazy, Opaque
from codemods.analysis.unknown_texts import clock_text, joined, temp_dir
from codemods.analysis.calendar_dates import LIBRARY as DATE_LIBRARY
from codemods.analysis.exact_numbers import LIBRARY as NUMBER_LIBRARY
from codemods.analysis.config_digests import LIBRARY as DIGEST_LIBRARY
from codemods.analysis.text_templates import LIBRARY as TEMPLATE_LIBRARY
from codemods.analysis.query_strings import LIBRARY as QUERY_LIBRARY
from codemods.analysis.tree_flattening import LIBRARY as TREE_LIBRARY
from codemods.analysis.script_warnings import LIBRARY as WARNINGS_LIBRARY

def _top(function, largest: bool):
    """`heapq.nlargest(n, xs, key=f)`: what CPython's gives (checked against it on random ties),
    `sorted(xs, key=f, reverse=largest)[:n]`, each key asked once in the items' order as heapq
    asks them (n of 0 or less asks none: not modelled). Without a key: the real call."""
    plain = _pure(function)

    def apply(run, args: list, kwargs: dict) -> object:
        if kwargs.get("key") is None:
            return plain(run, args, {name: value for name, value in kwargs.items() if name != "key"})
        if len(args) != 2 or set(kwargs) != {"key"} or type(args[0]) is not int or args[0] <= 0:
            raise Bail
        items = list(run.iterate(args[1]))
        return run.with_callback("sorted", [items], {"key": kwargs["key"], "reverse": largest})[:args[0]]
    return apply


def _keyed_bisect(function, right: bool, inserts: bool):
    """`bisect_left(table, 3, key=lambda row: row[0])`: CPython's binary search (`mid = (lo + hi)
    // 2`), the key called on each probed item in its order (and, for insort, first on the item
    being inserted), the key's result compared with the target as Python compares them."""
    plain = _pure(function, inserts)
    names = ("a", "x", "lo", "hi")

    def apply(run, args: list, kwargs: dict) -> object:
        if kwargs.get("key") is None:
            return plain(run, args, {name: value for name, value in kwargs.items() if name != "key"})
        given = dict(zip(names, args))
        if len(args) > 4 or set(kwargs) - {*names, "key"} or set(kwargs) & set(given):
            raise Bail
        given.update(kwargs)
        table, lo, hi = given.get("a"), given.get("lo", 0), given.get("hi")
        if type(table) not in ((list,) if inserts else (list, tuple)) or "x" not in given or type(lo) is not int \
                or lo < 0 or hi is not None and type(hi) is not int:
            raise Bail  # (a negative lo raises ValueError; a table the run does not hold)
        hi = len(table) if hi is None else hi
        if not 0 <= hi <= len(table):
            raise Bail  # (CPython reads hi=-1 as the length and any other negative one as an empty range; a larger one raises IndexError)
        target = run.call(given["key"], [given["x"]], {}) if inserts else given["x"]
        while lo < hi:
            mid = (lo + hi) // 2
            probed = run.call(given["key"], [table[mid]], {})
            if not plain_tree(probed) or not plain_tree(target):
                raise Bail
            if guard(lambda: target < probed if right else probed < target):
                hi, lo = (mid, lo) if right else (hi, mid + 1)
            else:
                hi, lo = (hi, mid + 1) if right else (mid, lo)
        if inserts:
            table.insert(lo, given["x"])
            return None
        return lo
    return apply


_MAX_ITEMS = 10_000
_R = frozenset({"r"})
_FIXED = (list, tuple, str, range)
_MAX_INT = 10_000  # (factorial, comb, perm of larger numbers: not worth the time a run may take)


def _pure(function, mutates: bool = False, big_ints: bool = True, consumes: bool = False):
    def apply(run, args: list, kwargs: dict) -> object:
        if consumes and args and type(args[0]) in (Lazy, Iter):  # (`math.fsum(x * x for x in xs)`: read whole, at once)
            args = [list(run.iterate(args[0])), *args[1:]]
        if not all(plain_tree(value) for value in (*args, *kwargs.values())):
            raise Bail
        if mutates and (not args or type(args[0]) is not list):
            raise Bail  # (heapq, insort: a list of the run, changed in place as Python changes it)
        if not big_ints and any(type(v) is int and abs(v) > _MAX_INT for v in (*args, *kwargs.values())):
            raise Bail
        made = guard(function, *args, **kwargs)
        if not plain_tree(made) or type(made) in (list, tuple) and len(made) > _MAX_ITEMS:
            raise Bail
        return made
    return apply


def _combinatoric(function, keywords: frozenset = frozenset()):
    def apply(run, args: list, kwargs: dict) -> Iter:
        if not set(kwargs) <= keywords:
            raise Bail
        head = 1 if function is not itertools.zip_longest else len(args)
        counts = [value for value in (*args[head:], *kwargs.values()) if function is not itertools.zip_longest]
        if any(type(value) is not int and value is not None for value in counts):
            raise Bail  # (an r the run does not know)
        if function is itertools.zip_longest and not all(type(arg) in _FIXED for arg in args):
            raise Bail  # (lazy in Python: over a generator, what runs when is not modelled)
        pools = [list(run.iterate(arg)) for arg in args[:head]]  # (the others take their input whole when made)
        made = guard(lambda: list(itertools.islice(function(*pools, *args[head:], **kwargs), _MAX_ITEMS + 1)))
        if len(made) > _MAX_ITEMS:
            raise Bail
        return Iter(made, run.statements)
    return apply


def _merge(run, args: list, kwargs: dict) -> Iter:
    """`heapq.merge(a, b)` of lists and tuples (no code of the program makes their items, no key):
    the items in merged order. Python compares them as the merge is walked; a comparison that
    would raise there is not placed, and stops the run."""
    if kwargs or not all(type(arg) in (list, tuple) and plain_tree(arg) for arg in args):
        raise Bail
    try:
        made = list(heapq.merge(*args))
    except Exception:  # noqa: BLE001 - raised while walked in Python, not where it is made
        raise Bail from None
    return Iter(made, run.statements, sources=tuple(arg for arg in args if type(arg) is list))


def _quantiles(data, *args, **kwargs):
    if type(data) not in (list, tuple) or len(data) < 2:
        raise Bail  # (one data point raises StatisticsError up to 3.12 and is answered from 3.13 on)
    return statistics.quantiles(data, *args, **kwargs)


def _repeat(run, args: list, kwargs: dict) -> Iter:
    times = args[1] if len(args) == 2 else kwargs.get("times")
    if not args or len(args) > 2 or not set(kwargs) <= {"times"} or len(args) == 2 and kwargs \
            or type(times) is not int or times > _MAX_ITEMS:
        raise Bail  # (an endless `repeat(x)` is walked only by a zip or an islice the run does not follow)
    return Iter([args[0]] * max(times, 0), run.statements)


def _joined(run, args: list, kwargs: dict) -> object:
    made = joined(run, args, kwargs)  # (a part the run knows only as a str: unknown_texts.py)
    return _pure(posixpath.join)(run, args, kwargs) if made is NotImplemented else made


def _printed(run, args: list, kwargs: dict) -> None:
    """`pprint.pprint(tree)` of a plain tree to the real stdout: printed (the run prints nothing),
    None. Under `redirect_stdout` the text would land in a stream the program may read back: not
    modelled (text_streams.py)."""
    from codemods.analysis.text_streams import current_stdout

    if len(args) != 1 or kwargs or not plain_tree(args[0]) or current_stdout(run) is not NotImplemented:
        raise Bail  # (a stream or a width: not modelled)
    return None


def _unknown(run, args: list, kwargs: dict) -> Opaque:
    if args or kwargs:
        raise Bail
    return Opaque()


def _sleep(run, args: list, kwargs: dict) -> None:
    if len(args) != 1 or kwargs or type(args[0]) not in (int, float) or not args[0] >= 0:
        raise Bail
    return None


_MATH = ("isqrt", "gcd", "lcm", "log2", "log10", "log1p", "expm1", "fsum", "isclose", "trunc", "fabs", "hypot",
         "copysign", "isfinite", "isinf", "isnan", "pow", "fmod", "remainder", "sin", "cos", "tan", "tanh", "atan",
         "atan2", "degrees", "radians", "dist", "modf", "frexp", "ldexp", "cosh", "sinh", "asin", "acos")
_STATISTICS = ("mean", "fmean", "median", "median_low", "median_high", "mode", "multimode", "pstdev", "stdev",
               "pvariance", "variance", "geometric_mean", "harmonic_mean")
_PATHS = ("basename", "dirname", "splitext", "split", "normpath", "isabs", "commonprefix")

LIBRARY = {
    **{f"math.{name}": _pure(getattr(math, name), consumes=name == "fsum") for name in _MATH},
    **{f"math.{name}": _pure(getattr(math, name), big_ints=False) for name in ("factorial", "comb", "perm")},
    **{f"statistics.{name}": _pure(getattr(statistics, name), consumes=True) for name in _STATISTICS},
    "statistics.quantiles": _pure(_quantiles, consumes=True),
    **{f"os.path.{name}": _pure(getattr(posixpath, name)) for name in _PATHS},
    **{f"shlex.{name}": _pure(getattr(shlex, name)) for name in ("split", "quote", "join")},
    **{f"bisect.{name}": _keyed_bisect(getattr(bisect, name), name != "bisect_left", False)
       for name in ("bisect_left", "bisect_right", "bisect")},
    **{f"bisect.{name}": _keyed_bisect(getattr(bisect, name), name != "insort_left", True)
       for name in ("insort_left", "insort_right", "insort")},
    **{f"heapq.{name}": _pure(getattr(heapq, name), True)
       for name in ("heapify", "heappush", "heappop", "heappushpop", "heapreplace")},
    **{f"heapq.{name}": _top(getattr(heapq, name), name == "nlargest") for name in ("nsmallest", "nlargest")},
    "heapq.merge": _merge,
    **{f"textwrap.{name}": _pure(getattr(textwrap, name)) for name in ("dedent", "indent", "fill", "wrap", "shorten")},
    "string.capwords": _pure(string.capwords), "keyword.iskeyword": _pure(keyword.iskeyword),
    "fnmatch.fnmatchcase": _pure(fnmatch.fnmatchcase), "fnmatch.fnmatch": _pure(fnmatch.fnmatchcase),
    "fnmatch.filter": _pure(lambda names, pattern: [n for n in names if fnmatch.fnmatchcase(n, pattern)]),
    "difflib.get_close_matches": _pure(difflib.get_close_matches),
    "getopt.getopt": _pure(getopt.getopt), "getopt.gnu_getopt": _pure(getopt.gnu_getopt),
    "itertools.combinations": _combinatoric(itertools.combinations, _R),
    "itertools.permutations": _combinatoric(itertools.permutations, _R),
    "itertools.combinations_with_replacement": _combinatoric(itertools.combinations_with_replacement, _R),
    "itertools.zip_longest": _combinatoric(itertools.zip_longest, frozenset({"fillvalue"})),
    "itertools.repeat": _repeat,
    **{name: _unknown for name in ("time.monotonic", "time.monotonic_ns", "time.perf_counter_ns", "time.time_ns",
                                   "time.process_time", "os.getpid", "datetime.datetime.now", "datetime.datetime.utcnow",
                                   "datetime.date.today", "uuid.uuid4")},
    "tempfile.gettempdir": temp_dir, "os.path.join": _joined, "time.strftime": clock_text,
    "pprint.pformat": _pure(pprint.pformat), "pprint.pprint": _printed,
    "time.sleep": _sleep, **LOGGING_LIBRARY, **TREE_LIBRARY, **EXIT_LIBRARY, **WEAK_LIBRARY, **FINALIZER_LIBRARY,
    **TEMPLATE_LIBRARY, **WARNINGS_LIBRARY, **DATE_LIBRARY, **QUERY_LIBRARY, **NUMBER_LIBRARY, **DIGEST_LIBRARY,
}
