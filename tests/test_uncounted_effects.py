"""Effects a script run cannot count, read as none before (benchmarks/adversarial25 D, E, G, H, I):
each program here runs on jax 0.10.2 with `axes == ("i",)`, so a state finding is false; the run
must stop (Bail) or read it right. Kept forms check the readings still taken where certain."""
from __future__ import annotations

import pytest

from codemods import jaxapi
from codemods.engine import Options, process_source

_HEAD = '''import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


class Sink:
    def __init__(self):
        self.lines = 0

    def write(self, text):
        self.lines += 1

    def flush(self):
        pass


class Loud:
    def __init__(self):
        self.hits = 0

    @property
    def hit(self):
        self.hits += 1
        return 0


SINK = Sink()
LOUD = Loud()
COUNTS = {"reads": 0, "sets": 0, "made": 0}


def run_logged(mesh, x, log):
    def body(block):
        jax.debug.callback(log, block)
        return jax.lax.psum(block, ("i", "j"))
    return np.asarray(jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x))


class Box:
    def __init__(self, value):
        self.value = value

    @property
    def seen(self):
        COUNTS["reads"] += 1
        return self.value


class Counted:
    def __get__(self, obj, owner=None):
        return obj.__dict__["value"] if obj is not None else self

    def __set__(self, obj, value):
        COUNTS["sets"] += 1
        obj.__dict__["value"] = value


class Held:
    value = Counted()

    def __init__(self, value):
        self.value = value


def refill(aux, children):
    m = object.__new__(Held)
    object.__setattr__(m, "value", children[0])
    return m


class Made:
    def __init__(self, value):
        COUNTS["made"] += 1
        self.value = value


jax.tree_util.register_pytree_node(Box, lambda b: ((b.seen,), None), lambda aux, ch: Box(ch[0]))
class Kept:
    def __init__(self, value):
        self.value = value


jax.tree_util.register_pytree_node(Made, lambda b: ((b.value,), None), lambda aux, ch: Made(ch[0]))
jax.tree_util.register_pytree_node(Kept, lambda b: ((b.value,), None), lambda aux, ch: Kept(ch[0]))


class Logged:
    def __init__(self, value):
        self.value = value


LOG = []
jax.tree_util.register_pytree_node(Logged, lambda b: ((b.value,), None), lambda aux, ch: (LOG.append(1), Logged(ch[0]))[1])
jax.tree_util.register_pytree_node(Held, lambda b: ((b.value,), None), refill)


def ticks():
    n = 0
    while True:
        n += 1
        yield n


TICKS = ticks()


class Stamped:
    def __init__(self, value, ticks):
        self.value = value
        self.stamp = tuple(zip(range(1), ticks))


@jax.tree_util.register_pytree_node_class
class Named:
    def __init__(self, value, axes):
        self.value = value
        self.axes = tuple(axes)

    def tree_flatten(self):
        return (self.value,), self.axes

    @classmethod
    def tree_unflatten(cls, axes, children):
        return cls(children[0], axes)


class Ticked(Kept):
    pass


class Pulled(Kept):
    pass


class Tallied(Kept):
    pass


class Timed(Kept):
    pass


class Tally:
    def __init__(self):
        self.n = 0

    def bump(self):
        self.n = self.n + 1


class Clock:
    def __init__(self, prev=None):
        self.n = prev.n + 1 if prev is not None else 0


TALLY = Tally()
CLOCK = Clock()
SEEN = []


class Checked(Kept):
    """A value and the axes it is named by."""

    def __init__(self, value, axes=None):
        if axes is None:
            axes = ()
        assert len(axes) <= 2, "two axes at most"
        super().__init__(value)
        self.axes = tuple(axes)


class Seen(Kept):
    def __init__(self, value):
        self.value = value
        if value is not None:
            SEEN.append(1)


class Rewound(Kept):
    def __init__(self, value):
        super().__init__(value)
        CLOCK.__init__(CLOCK)


jax.tree_util.register_pytree_node(Checked, lambda c: ((c.value,), c.axes), lambda axes, ch: Checked(ch[0], axes))
jax.tree_util.register_pytree_node(Seen, lambda s: ((s.value,), None), lambda aux, ch: Seen(ch[0]))
jax.tree_util.register_pytree_node(Rewound, lambda r: ((r.value,), None), lambda aux, ch: Rewound(ch[0]))
jax.tree_util.register_pytree_node(Stamped, lambda s: ((s.value,), None), lambda aux, ch: Stamped(ch[0], TICKS))
jax.tree_util.register_pytree_node(Ticked, lambda t: ((t.value,), len(tuple(zip(range(1), TICKS)))),
                                   lambda aux, ch: Ticked(ch[0]))
jax.tree_util.register_pytree_node(Pulled, lambda t: ((t.value,), None),
                                   lambda aux, ch: (tuple(zip(range(1), TICKS)), Pulled(ch[0]))[1])
jax.tree_util.register_pytree_node(Tallied, lambda t: ((t.value,), None), lambda aux, ch: (TALLY.bump(), Tallied(ch[0]))[1])
jax.tree_util.register_pytree_node(Timed, lambda t: ((t.value,), None),
                                   lambda aux, ch: (Clock.__init__(CLOCK, CLOCK), Timed(ch[0]))[1])


def main(mesh, x):
'''
_TAIL = '''    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
'''

# Each runs with axes == ("i",) (checked on jax 0.10.2, 8 CPU devices).
CLEAN = {
    "print_to_a_sink": '''    run_logged(mesh, x, lambda h: print("seen", file=SINK))
    axes = ("i",) if SINK.lines > 0 else ("i", "j")
''',
    "callback_reads_a_property": '''    run_logged(mesh, x, lambda h: LOUD.hit)
    axes = ("i",) if LOUD.hits > 0 else ("i", "j")
''',
    "flatten_reads_a_counting_property": '''    jax.tree.map(lambda a: a + 1, Box(x))
    axes = ("i",) if COUNTS["reads"] == 1 else ("i", "j")
''',
    "unflatten_sets_through_a_descriptor": '''    jax.tree.map(lambda a: a + 1, Held(x))
    axes = ("i",) if COUNTS["sets"] == 2 else ("i", "j")
''',
    "unflatten_makes_through_a_counting_init": '''    jax.shard_map(lambda b: jax.lax.psum(b.value, ("i", "j")), mesh=mesh, in_specs=P("i", "j"),
                  out_specs=P())(Made(x))
    axes = ("i",) if COUNTS["made"] == 2 else ("i", "j")
''',
    "unflatten_appends_to_a_module_list": '''    jax.shard_map(lambda b: jax.lax.psum(b.value, ("i", "j")), mesh=mesh, in_specs=P("i", "j"),
                  out_specs=P())(Logged(x))
    axes = ("i",) if len(LOG) == 1 else ("i", "j")
''',
    "init_steps_a_module_generator": '''    jax.shard_map(lambda b: jax.lax.psum(b.value, ("i", "j")), mesh=mesh, in_specs=P("i", "j"),
                  out_specs=P())(Stamped(x, TICKS))
    axes = ("i",) if next(TICKS) == 3 else ("i", "j")
''',
    "flatten_steps_a_module_generator": '''    jax.shard_map(lambda b: jax.lax.psum(b.value, ("i", "j")), mesh=mesh, in_specs=P("i", "j"),
                  out_specs=P())(Ticked(x))
    axes = ("i",) if next(TICKS) == 4 else ("i", "j")
''',
    "unflatten_steps_a_module_generator": '''    jax.shard_map(lambda b: jax.lax.psum(b.value, ("i", "j")), mesh=mesh, in_specs=P("i", "j"),
                  out_specs=P())(Pulled(x))
    axes = ("i",) if next(TICKS) == 2 else ("i", "j")
''',
    "unflatten_stores_on_a_module_object": '''    jax.shard_map(lambda b: jax.lax.psum(b.value, ("i", "j")), mesh=mesh, in_specs=P("i", "j"),
                  out_specs=P())(Tallied(x))
    axes = ("i",) if TALLY.n == 1 else ("i", "j")
''',
    "unflatten_runs_init_on_a_module_object": '''    jax.shard_map(lambda b: jax.lax.psum(b.value, ("i", "j")), mesh=mesh, in_specs=P("i", "j"),
                  out_specs=P())(Timed(x))
    axes = ("i",) if CLOCK.n == 1 else ("i", "j")
''',
    "init_of_a_made_node_appends_to_a_module_list": '''    jax.shard_map(lambda b: jax.lax.psum(b.value, ("i", "j")), mesh=mesh, in_specs=P("i", "j"),
                  out_specs=P())(Seen(x))
    axes = ("i",) if len(SEEN) == 2 else ("i", "j")
''',
    "init_of_a_made_node_reruns_init_on_a_module_object": '''    jax.shard_map(lambda b: jax.lax.psum(b.value, ("i", "j")), mesh=mesh, in_specs=P("i", "j"),
                  out_specs=P())(Rewound(x))
    axes = ("i",) if CLOCK.n == 2 else ("i", "j")
''',
    "str_array_written_in_place": '''    names = np.array(["i", "j"])
    names[1] = "i"
    axes = tuple(sorted(set(names.tolist())))
''',
    "str_array_written_through_a_view": '''    names = np.array(["i", "j"])
    names[1:][0] = "i"
    axes = tuple(sorted(set(names.tolist())))
''',
    "indexed_key_real": '''    k = jax.random.split(jax.random.key(0), 4)[0]
    try:
        k.real
        axes = ("i", "j")
    except NotImplementedError:
        axes = ("i",)
''',
    "reshaped_key_real": '''    k = jax.random.split(jax.random.key(0), 4).reshape(2, 2)
    try:
        k.real
        axes = ("i", "j")
    except NotImplementedError:
        axes = ("i",)
''',
    "indexed_reference_has_no_sum": '''    axes = ("i",) if not hasattr(jnp.zeros(4).at[0], "sum") else ("i", "j")
''',
    "reference_has_no_ndim": '''    axes = ("i",) if not hasattr(jnp.zeros(4).at, "ndim") else ("i", "j")
''',
    "numpy_array_has_no_at": '''    axes = ("i",) if not hasattr(np.zeros(4), "at") else ("i", "j")
''',
}

# Readings kept: each gives axes == ("i", "j") only through the run, a finding at the psum.
KEPT = {
    "key_real_raises": '''    k = jax.random.key(0)
    try:
        k.real
        axes = ("i",)
    except NotImplementedError:
        axes = ("i", "j")
''',
    "indexed_key_real_raises": '''    k = jax.random.split(jax.random.key(0), 4)[1:]
    try:
        k.real
        axes = ("i",)
    except NotImplementedError:
        axes = ("i", "j")
''',
    "str_array_strs": '''    names = np.array(["i", "j"])
    axes = tuple(sorted(set(names.tolist())))
''',
    "node_with_a_storing_init_is_walked": '''    y = jax.tree.map(lambda a: a * 2, Kept(x))
    axes = ("i", "j") if y.value.ndim == 2 else ("i",)
''',
    "node_with_an_init_building_a_tuple_is_walked": '''    y = jax.tree.map(lambda a: a * 2, Named(x, ["i", "j"]))
    axes = ("i", "j") if y.value.ndim == 2 and y.axes == ("i", "j") else ("i",)
''',
    "node_with_an_init_that_checks_and_calls_its_base_is_walked": '''    y = jax.tree.map(lambda a: a * 2, Checked(x, ["i"]))
    axes = ("i", "j") if y.value.ndim == 2 and y.axes == ("i",) else ("i",)
''',
    "update_keeps_rank": '''    y = jnp.zeros((4, 4)).at[0].set(1.0)
    axes = ("i", "j") if y.ndim == 2 else ("i",)
''',
}


def _findings(main: str) -> set:
    source = _HEAD + main + _TAIL
    result = process_source(source, "prog.py", Options(target=jaxapi.NEWEST_KNOWN), fix=False)
    assert result.error is None
    return {(finding.span.line, finding.code) for finding in result.findings if finding.code.startswith("SF1")}


@pytest.mark.parametrize("name", sorted(CLEAN))
def test_no_finding_from_an_uncounted_effect(name):
    assert _findings(CLEAN[name]) == set()


@pytest.mark.parametrize("name", sorted(KEPT))
def test_readings_kept_where_certain(name):
    assert (10, "SF105") in _findings(KEPT[name])
