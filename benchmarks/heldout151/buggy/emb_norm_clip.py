"""recpipe/embed/norm_clip.py (imagined repository: github.com/shoplift-ml/recpipe)

Max-norm regularisation of a vocabulary-sharded embedding table feeding a two-stage tower: the
table is regathered over the model group for the lookups, and the largest row norm found across
the model group sets the clipping scale.
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

AXES = ("pipe", "data", "model")
N_MICRO, VOCAB, D, ROWS = 4, 16, 8, 4
MAX_NORM = 3.0


class TableView:
    def __init__(self, shard, axis="model"):
        self.shard, self.axis = shard, axis

    @functools.cached_property
    def full(self):
        return jax.lax.all_gather(self.shard, self.axis, axis=0, tiled=True, to="reduced")

    @functools.cached_property
    def scale(self):
        biggest = jax.lax.pmax(jnp.sum(self.full * self.full, axis=-1), self.axis)
        return jnp.minimum(1.0, MAX_NORM / jnp.sqrt(jnp.max(biggest)))


def make_forward(stage):
    def forward(table, w, ids):
        idx = jax.lax.axis_index("pipe")
        view = TableView(table)
        state = jnp.zeros((ids.shape[1], D), table.dtype)
        for t in range(N_MICRO + stage.n_stages - 1):
            emb = jax.nn.one_hot(ids[min(t, N_MICRO - 1)], VOCAB, dtype=table.dtype) @ view.full
            h = jnp.tanh(jnp.where(idx == 0, emb * view.scale, state) @ w[0])
            state = jax.lax.ppermute(h, "pipe", stage.ring)
        return state
    return forward


def inputs():
    rng = np.random.default_rng(73)
    table = rng.normal(size=(VOCAB, D)).astype(np.float32) * 2.0
    w = rng.normal(size=(2, D, D)).astype(np.float32) / np.sqrt(D)
    ids = rng.integers(0, VOCAB, size=(N_MICRO * ROWS,)).astype(np.int32)
    return table, w, ids


def main(table, w, ids):
    mesh = jax.make_mesh((2, 2, 2), AXES)
    stage = Stage(0, mesh.shape["pipe"], "tower")
    print(stage_label(stage), len(gpipe_table(stage.n_stages, N_MICRO)))
    id_mbs = np.stack(drive(microbatch_feeder(ids, N_MICRO), lambda m, mb: mb))
    specs = (P("model", None), P("pipe", None, None), P(None, "data"))
    fn = jax.shard_map(make_forward(stage), mesh=mesh, in_specs=specs, out_specs=P(("pipe", "data"), None))
    log = []
    with scoped(jax.set_mesh(mesh), profiled(log, "clip")):
        args = [jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((table, w, id_mbs), specs)]
        out = jax.jit(fn)(*args)
    print("out", out.shape, log)
    return out


if __name__ == "__main__":
    main(*inputs())
