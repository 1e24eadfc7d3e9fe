"""latentpipe/debug/latent_dump.py (imagined repository: github.com/northlight-ml/latentpipe)

Latent-space dump of a four-stage autoencoder pipeline on a ("pipe", "fsdp") mesh: the
bottleneck codes are first collected over the fsdp group (all rows of a microbatch), then the
dump collects them from the whole mesh for the t-SNE notebook.
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
BOTTLENECK = 1


def codes_of(h):
    return jax.lax.all_gather(h, "fsdp", axis=0, tiled=True, to="reduced")


def make_forward(n_stages, dump_axes):
    ring = Stage(0, n_stages).ring

    def forward(w, xs):
        idx = jax.lax.axis_index("pipe")
        state = jnp.zeros_like(xs[0])
        codes = []
        for t in range(N_MICRO + n_stages - 1):
            h = jnp.tanh(jnp.where(idx == 0, xs[min(t, N_MICRO - 1)], state) @ w[0])
            codes.append(codes_of(h))
            state = jax.lax.ppermute(h, "pipe", ring)
        bank = jnp.stack(codes)
        return state, jax.lax.all_gather(bank, dump_axes, axis=1, tiled=True, to="reduced")
    return forward


def inputs():
    rng = np.random.default_rng(62)
    w = rng.normal(size=(4, D, D)).astype(np.float32) / np.sqrt(D)
    x = rng.normal(size=(N_MICRO * ROWS, D)).astype(np.float32)
    return w, x, ["pipe", "fsdp"]


def main(w, x, dump_axes):
    mesh = jax.make_mesh((4, 2), AXES)
    print(stage_label("bottleneck"), table_rows(one_f_one_b(4, N_MICRO))[BOTTLENECK])
    xs = np.stack(drive(microbatch_feeder(x, N_MICRO), lambda m, mb: mb))
    fn = jax.shard_map(make_forward(4, tuple(dump_axes)), mesh=mesh,
                       in_specs=(P("pipe", None, None), P(None, "fsdp", None)),
                       out_specs=(P("pipe", "fsdp"), P(None, None, None, reduced=set(dump_axes))))
    log = []
    with scoped(jax.set_mesh(mesh), profiled(log, "latent")):
        wd = jax.device_put(w, NamedSharding(mesh, P("pipe", None, None)))
        out, bank = fn(wd, jax.device_put(xs, NamedSharding(mesh, P(None, "fsdp", None))))
    print("codes", bank.shape, log)
    return out


if __name__ == "__main__":
    main(*inputs())
