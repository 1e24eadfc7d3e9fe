"""tests/optim/test_state_checkpoint.py -- optimizer state written to disk after a sharded update."""
import pickle

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P
# --- vendored test helpers: a small stand-in for pytest (the runner image has no pytest) ---
import contextlib
import inspect
import itertools
import re
import shutil
import tempfile
from pathlib import Path

_FIXTURES = {}


class _FixtureDef:
    def __init__(self, func, scope, params, ids, name):
        self.func, self.scope, self.params, self.ids = func, scope, params, ids
        self.name = name or func.__name__


def fixture(func=None, *, scope="function", params=None, ids=None, name=None, autouse=False):
    def register(f):
        _FIXTURES[name or f.__name__] = _FixtureDef(f, scope, params, ids, name)
        return f
    return register(func) if func is not None else register


class _Request:
    def __init__(self, node, param=None):
        self.node, self.param = node, param

    @property
    def function(self):
        return self.node


class _Mark:
    def parametrize(self, argnames, argvalues, ids=None, indirect=False):
        names = [a.strip() for a in argnames.split(",")] if isinstance(argnames, str) else list(argnames)

        def deco(f):
            f.__dict__.setdefault("_parametrize", []).insert(0, (names, list(argvalues), ids, indirect))
            return f
        return deco

    def skipif(self, condition, reason=""):
        def deco(f):
            if condition:
                f._skip = reason
            return f
        return deco


mark = _Mark()


class _Approx:
    __array_ufunc__ = None  # let numpy hand `array == approx(...)` to __eq__ below

    def __init__(self, expected, rel=1e-6, abs=1e-12):
        self.expected, self.rel, self.abs = expected, rel, abs

    def __eq__(self, actual):
        import numpy as np
        return bool(np.allclose(np.asarray(actual), np.asarray(self.expected), rtol=self.rel, atol=self.abs))


def approx(expected, rel=1e-6, abs=1e-12):
    return _Approx(expected, rel, abs)


@contextlib.contextmanager
def raises(exc_type, match=None):
    try:
        yield
    except exc_type as exc:
        if match is not None and not re.search(match, str(exc)):
            raise AssertionError(f"{exc!r} does not match {match!r}")
    else:
        raise AssertionError(f"DID NOT RAISE {exc_type.__name__}")


@fixture(scope="session")
def tmp_path_factory():
    root = Path(tempfile.mkdtemp(prefix="pytest-"))
    yield root
    shutil.rmtree(root, ignore_errors=True)


@fixture
def tmp_path(tmp_path_factory, request):
    path = tmp_path_factory / request.node.__name__
    path.mkdir(exist_ok=True)
    return path


class _Session:
    def __init__(self):
        self.cache, self.finalizers = {}, []

    def _setup(self, fdef, request, stack, scope_cache, case):
        kwargs = {a: request if a == "request" else self.resolve(a, request.node, stack, scope_cache, case)
                  for a in inspect.signature(fdef.func).parameters}
        result = fdef.func(**kwargs)
        if inspect.isgenerator(result):
            value = next(result)
            (self.finalizers if fdef.scope == "session" else stack).append(result)
            return value
        return result

    def resolve(self, argname, node, stack, scope_cache, case):
        if argname in case["direct"]:
            return case["direct"][argname]
        if argname == "request":
            return _Request(node)
        fdef = _FIXTURES[argname]
        param = case["indirect"].get(argname, None)
        key = (argname, repr(param))
        cache = self.cache if fdef.scope == "session" else scope_cache
        if key not in cache:
            cache[key] = self._setup(fdef, _Request(node, param), stack, scope_cache, case)
        return cache[key]


def _cases(func):
    combos = [({}, {}, [])]
    marks = list(getattr(func, "_parametrize", []))
    for arg in inspect.signature(func).parameters:
        fdef = _FIXTURES.get(arg)
        if fdef is not None and fdef.params is not None:
            marks.append(([arg], fdef.params, fdef.ids, True))
    for names, values, ids, indirect in marks:
        expanded = []
        for i, value in enumerate(values):
            vals = value if len(names) > 1 else (value,)
            tag = ids[i] if ids else "-".join(map(str, vals))
            ind = names if indirect is True else (indirect or [])
            expanded.append(({n: v for n, v in zip(names, vals) if n not in ind},
                             {n: v for n, v in zip(names, vals) if n in ind}, [tag]))
        combos = [({**d0, **d1}, {**i0, **i1}, t0 + t1)
                  for (d0, i0, t0), (d1, i1, t1) in itertools.product(combos, expanded)]
    return [{"direct": d, "indirect": i, "id": "-".join(t)} for d, i, t in combos]


def _collect(namespace):
    items = []
    for name, obj in list(namespace.items()):
        if name.startswith("test_") and callable(obj):
            items.append((name, obj, None))
        elif name.startswith("Test") and inspect.isclass(obj):
            for meth in sorted(n for n in vars(obj) if n.startswith("test_")):
                items.append((f"{name}::{meth}", getattr(obj, meth), obj))
    return items


def run_tests(namespace, select=None, verbose=False):
    session, outcomes = _Session(), {}
    try:
        for name, func, cls in _collect(namespace):
            if select and not re.search(select, name):
                continue
            if getattr(func, "_skip", None):
                outcomes[name] = "skipped"
                continue
            for case in _cases(func):
                stack, scope_cache = [], {}
                try:
                    params = [p for p in inspect.signature(func).parameters if p != "self"]
                    kwargs = {p: session.resolve(p, func, stack, scope_cache, case) for p in params}
                    (func(cls(), **kwargs) if cls else func(**kwargs))
                    outcomes[f"{name}[{case['id']}]"] = "passed"
                finally:
                    for gen in reversed(stack):
                        next(gen, None)
                if verbose:
                    print(f"{name}[{case['id']}] PASSED")
    finally:
        for gen in reversed(session.finalizers):
            next(gen, None)
    return outcomes
# --- end of vendored test helpers ---


# --- conftest.py ---------------------------------------------------------------------------
@fixture(scope="session")
def mesh():
    m = jax.make_mesh((4, 2), ("data", "fsdp"))
    with jax.set_mesh(m):
        yield m


PARAM_SPEC = P("fsdp", None)


@fixture
def sgd_state(mesh):
    r = np.random.default_rng(91)
    host = r.standard_normal((8, 4)).astype(np.float32)
    momentum = jax.device_put(host, NamedSharding(mesh, PARAM_SPEC))
    return host, momentum


@fixture
def ckpt(tmp_path):
    path = tmp_path / "opt_state.pkl"
    yield path
    path.unlink(missing_ok=True)


# --- optim/checkpoint.py -------------------------------------------------------------------
class Checkpointer:
    # the state is split over "fsdp" like the parameters; one whole copy is written
    gather_spec = P(None, None, reduced={"fsdp"})

    def __init__(self, path):
        self.path = path

    def save(self, state):
        host = np.asarray(top_level_all_gather(state, self.gather_spec))
        self.path.write_bytes(pickle.dumps(host))

    def load(self):
        return pickle.loads(self.path.read_bytes())


@jax.jit
def momentum_step(m, g):
    return 0.9 * m + g


# --- tests ---------------------------------------------------------------------------------
def test_save_restore(mesh, sgd_state, ckpt):
    host, momentum = sgd_state
    grad = jax.device_put(np.ones_like(host), NamedSharding(mesh, PARAM_SPEC))
    momentum = momentum_step(momentum, grad)
    saver = Checkpointer(ckpt)
    saver.save(momentum)
    assert saver.load() == approx(0.9 * host + 1.0, rel=1e-6)


def inputs():
    return ("-q",)


def main(*argv):
    return run_tests(globals(), verbose="-v" in argv)


if __name__ == "__main__":
    main(*inputs())
