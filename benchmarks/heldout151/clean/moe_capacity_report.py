"""switchpipe/moe/capacity_report.py (imagined repository: github.com/mixture-works/switchpipe)

Capacity report of a two-stage mixture-of-experts pipeline on a ("stage", "expert") mesh:
each expert's token count is collected on every expert rank (invariant, so the report can do
arithmetic with it) and compared with the capacity factor.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- pipe_lite (pasted from tools/pipe_lite.py; keep in sync by hand) ----------------------
import contextlib
import functools
import itertools
import operator
import time
from operator import attrgetter, itemgetter


class Slot:
    __slots__ = ("tick", "stage", "micro", "phase")

    def __init__(self, tick, stage, micro, phase):
        self.tick, self.stage, self.micro, self.phase = tick, stage, micro, phase

    def __repr__(self):
        return f"Slot(t={self.tick}, s={self.stage}, m={self.micro}, {self.phase})"


def gpipe_table(n_stages, n_micro):
    """All forwards, then all backwards; one Slot per (stage, micro, phase)."""
    last = n_stages + n_micro - 1
    fwd = (Slot(s + m, s, m, "F") for s, m in itertools.product(range(n_stages), range(n_micro)))
    bwd = (Slot(last + (n_stages - 1 - s) + m, s, m, "B")
           for s, m in itertools.product(range(n_stages), range(n_micro)))
    return sorted(itertools.chain(fwd, bwd), key=attrgetter("tick", "stage"))


def one_f_one_b(n_stages, n_micro):
    """Per-stage phase strings: warm-up forwards, steady F/B pairs, cool-down backwards."""
    order = {}
    for s in range(n_stages):
        warm = min(n_stages - s - 1, n_micro)
        steady = itertools.islice(itertools.cycle("FB"), 2 * (n_micro - warm))
        order[s] = "".join(itertools.chain("F" * warm, steady, "B" * warm))
    return order


def table_rows(order):
    cols = [order[s] for s in sorted(order)]
    return ["".join(row) for row in itertools.zip_longest(*cols, fillvalue=".")]


def stage_offsets(sizes):
    return list(itertools.accumulate(sizes, operator.add, initial=0))


def bubble_fraction(n_stages, n_micro):
    busy = functools.reduce(operator.add, itertools.repeat(n_micro, n_stages), 0)
    return 1.0 - busy / (n_stages * (n_stages + n_micro - 1))


def microbatch_feeder(batch, n_micro):
    """Generator driven with send(): yields microbatches, a sent "stop" ends it early."""
    size = len(batch) // n_micro
    for m in range(n_micro):
        cmd = yield m, batch[m * size:(m + 1) * size]
        if cmd == "stop":
            return


def drive(feeder, consume):
    out, item = [], next(feeder, None)
    while item is not None:
        out.append(consume(*item))
        try:
            item = feeder.send("next")
        except StopIteration:
            item = None
    return out


class Stage:
    def __init__(self, index, n_stages, kind="block"):
        self.index, self.n_stages, self.kind = index, n_stages, kind

    @functools.cached_property
    def ring(self):
        return [(i, (i + 1) % self.n_stages) for i in range(self.n_stages)]

    @functools.cached_property
    def is_last(self):
        return self.index == self.n_stages - 1


@functools.singledispatch
def stage_label(stage):
    return f"stage{stage.index}:{stage.kind}"


@stage_label.register(str)
def _(stage):
    return f"stage?:{stage}"


@contextlib.contextmanager
def profiled(log, tag):
    t0 = time.perf_counter()
    try:
        yield tag
    finally:
        log.append((tag, time.perf_counter() - t0))


def scoped(*managers):
    stack = contextlib.ExitStack()
    for m in managers:
        stack.enter_context(m)
    return stack
# ---- end pipe_lite ----------------------------------------------------------------------------

AXES = ("stage", "expert")
N_MICRO, D, ROWS, E = 4, 8, 8, 4
CAPACITY = {"factor": 1.25}


def make_forward(stage):
    def forward(wr, we, xs):
        idx = jax.lax.axis_index("stage")
        e = jax.lax.axis_index("expert")
        state = jnp.zeros_like(xs[0])
        served = jnp.zeros((1,), xs.dtype)
        for t in range(N_MICRO + stage.n_stages - 1):
            h = jnp.where(idx == 0, xs[min(t, N_MICRO - 1)], state)
            probs = jax.nn.softmax(h @ wr[0], axis=-1)
            mine = (jnp.argmax(probs, axis=-1) == e).astype(h.dtype)
            served = served + jnp.sum(mine)
            h = h + jax.lax.psum(mine[:, None] * jnp.tanh(h @ we[0, 0]), "expert")
            state = jax.lax.ppermute(h, "stage", stage.ring)
        counts = jax.lax.all_gather(served, "expert", tiled=True, to="invarying")
        capacity = CAPACITY["factor"] * jnp.sum(counts) / E
        return state, (counts / capacity)[None]
    return forward


def inputs():
    rng = np.random.default_rng(104)
    wr = rng.normal(size=(2, D, E)).astype(np.float32)
    we = rng.normal(size=(2, E, D, D)).astype(np.float32) / np.sqrt(D)
    x = rng.normal(size=(N_MICRO * ROWS, D)).astype(np.float32)
    return wr, we, x


def main(wr, we, x):
    mesh = jax.make_mesh((2, 4), AXES)
    stage = Stage(0, mesh.shape["stage"], "moe")
    slots = gpipe_table(stage.n_stages, N_MICRO)
    print(stage_label(stage), sorted(set(map(attrgetter("phase"), slots))))
    xs = np.stack(drive(microbatch_feeder(x, N_MICRO), lambda m, mb: mb))
    specs = (P("stage", None, None), P("stage", "expert", None, None), P())
    fn = jax.shard_map(make_forward(stage), mesh=mesh, in_specs=specs,
                       out_specs=(P("stage"), P("stage", None)))
    log = []
    with scoped(jax.set_mesh(mesh), profiled(log, "capacity")):
        args = [jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((wr, we, xs), specs)]
        out, load = jax.jit(fn)(*args)
    print("load vs capacity", load.shape, log)
    return load


if __name__ == "__main__":
    main(*inputs())
