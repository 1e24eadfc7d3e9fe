"""latentpipe/infer/pixel_out.py (imagined repository: github.com/northlight-ml/latentpipe)

Reconstruction service on top of the four-stage autoencoder pipeline: the last stage's output
rows are collected over the fsdp group and squashed to pixel intensities.
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

AXES = ("pipe", "fsdp")
N_MICRO, D, ROWS = 4, 8, 8


def logistic(r):
    return 1.0 / (1.0 + jnp.exp(-r))


SQUASH = {"sigmoid": logistic, "tanh": jnp.tanh}


def make_forward(stage, squash):
    def forward(w, xs):
        idx = jax.lax.axis_index("pipe")
        state = jnp.zeros_like(xs[0])
        outs = []
        for t in range(N_MICRO + stage.n_stages - 1):
            h = jnp.where(idx == 0, xs[min(t, N_MICRO - 1)], state) @ w[0]
            if t >= stage.n_stages - 1:
                outs.append(h)
            state = jax.lax.ppermute(jnp.tanh(h), "pipe", stage.ring)
        rows = jax.lax.all_gather(jnp.stack(outs), "fsdp", axis=1, tiled=True, to="reduced")
        return SQUASH[squash](rows)
    return forward


def inputs():
    rng = np.random.default_rng(66)
    w = rng.normal(size=(4, D, D)).astype(np.float32) / np.sqrt(D)
    x = rng.normal(size=(N_MICRO * ROWS, D)).astype(np.float32)
    return w, x, "tanh"


def main(w, x, squash):
    mesh = jax.make_mesh((4, 2), AXES)
    stage = Stage(0, mesh.shape["pipe"], "ae")
    print(stage_label(stage), max(map(attrgetter("tick"), gpipe_table(4, N_MICRO))))
    xs = np.stack(drive(microbatch_feeder(x, N_MICRO), lambda m, mb: mb))
    fn = jax.shard_map(make_forward(stage, squash), mesh=mesh,
                       in_specs=(P("pipe", None, None), P(None, "fsdp", None)),
                       out_specs=P("pipe", None, None, reduced={"fsdp"}))
    log = []
    with scoped(jax.set_mesh(mesh), profiled(log, "pixels")):
        wd = jax.device_put(w, NamedSharding(mesh, P("pipe", None, None)))
        pixels = jax.jit(fn)(wd, jax.device_put(xs, NamedSharding(mesh, P(None, "fsdp", None))))
    print("pixels", pixels.shape, log)
    return pixels


if __name__ == "__main__":
    main(*inputs())
