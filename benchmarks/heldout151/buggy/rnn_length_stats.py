"""seqpipe/train/length_stats.py (imagined repository: github.com/tidewater-ai/seqpipe)

Activity statistics of a four-stage recurrent pipeline: each replica's per-time-step activity
is collected over the data group for the global view, then reduce-scattered back over the
data group so every replica keeps the totals of its own time steps.
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

AXES = ("data", "stage")
N_MICRO, D, T, ROWS = 4, 8, 8, 4


def rnn(x, wx, wh):
    def cell(h, xt):
        h = jnp.tanh(xt @ wx + h @ wh)
        return h, h
    _, hs = jax.lax.scan(cell, jnp.zeros_like(x[:, 0]), jnp.swapaxes(x, 0, 1))
    return jnp.swapaxes(hs, 0, 1)


class Activity:
    __slots__ = ("axis",)

    def __init__(self, axis):
        self.axis = axis

    def global_view(self, act):
        return jax.lax.all_gather(act, self.axis, axis=0, tiled=False, to="reduced")

    def own_steps(self, view):
        per_step = jnp.sum(view, axis=0)
        return jax.lax.psum_scatter(per_step, self.axis, scatter_dimension=0, tiled=True)


def make_forward(stage):
    stats = Activity("data")

    def forward(wx, wh, xs):
        idx = jax.lax.axis_index("stage")
        state = jnp.zeros_like(xs[0])
        act = jnp.zeros((T,), xs.dtype)
        for t in range(N_MICRO + stage.n_stages - 1):
            h = rnn(jnp.where(idx == 0, xs[min(t, N_MICRO - 1)], state), wx[0], wh[0])
            act = act + jnp.mean(jnp.abs(h), axis=(0, 2))
            state = jax.lax.ppermute(h, "stage", stage.ring)
        return stats.own_steps(stats.global_view(act))[None]
    return forward


def inputs():
    rng = np.random.default_rng(53)
    wx = rng.normal(size=(4, D, D)).astype(np.float32) / np.sqrt(D)
    wh = rng.normal(size=(4, D, D)).astype(np.float32) / np.sqrt(D) * 0.5
    x = rng.normal(size=(N_MICRO * ROWS, T, D)).astype(np.float32)
    return wx, wh, x


def main(wx, wh, x):
    mesh = jax.make_mesh((2, 4), AXES)
    stage = Stage(0, mesh.shape["stage"], "rnn")
    print(stage_label(stage), stage_offsets([T] * 2))
    xs = np.stack(drive(microbatch_feeder(x, N_MICRO), lambda m, mb: mb))
    specs = (P("stage", None, None), P("stage", None, None), P(None, "data", None, None))
    fn = jax.shard_map(make_forward(stage), mesh=mesh, in_specs=specs, out_specs=P("stage", "data"))
    log = []
    with scoped(jax.set_mesh(mesh), profiled(log, "activity")):
        args = [jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((wx, wh, xs), specs)]
        act = jax.jit(fn)(*args)
    print("activity", act.shape, log)
    return act


if __name__ == "__main__":
    main(*inputs())
