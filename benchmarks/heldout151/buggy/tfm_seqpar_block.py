"""pipeflow/models/tfm/seqpar_block.py (imagined repository: github.com/acme-ml/pipeflow)

Two-stage pipeline of Megatron-style MLP blocks on a ("data", "stage", "tensor") mesh. Before
each block the residual stream is collected over the tensor group (sequence-parallel layout),
then the column/row-parallel matmuls run and are summed over the tensor group.
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

AXES = ("data", "stage", "tensor")
TP, PP, DP = "tensor", "stage", "data"
N_MICRO, D_MODEL, D_FF, ROWS = 4, 8, 16, 8


def block(h, w1, w2):
    full = jax.lax.all_gather(h, TP, axis=0, tiled=True, to="reduced")
    u = jax.nn.gelu(full @ w1)
    return jax.lax.psum(u @ w2, TP)


def make_forward(stage):
    def forward(w1, w2, xs):
        idx = jax.lax.axis_index(PP)
        state = jnp.zeros_like(xs[0])
        outs = []
        for t in range(N_MICRO + stage.n_stages - 1):
            h = jnp.where(idx == 0, xs[min(t, N_MICRO - 1)], state)
            h = h + block(h, w1[0], w2[0])
            if t >= stage.n_stages - 1:
                outs.append(h)
            state = jax.lax.ppermute(h, PP, stage.ring)
        return jnp.stack(outs)
    return forward


SPECS = {"w1": P(PP, None, TP), "w2": P(PP, TP, None), "xs": P(None, DP, None)}


def inputs():
    rng = np.random.default_rng(21)
    w1 = rng.normal(size=(2, D_MODEL, D_FF)).astype(np.float32) / np.sqrt(D_MODEL)
    w2 = rng.normal(size=(2, D_FF, D_MODEL)).astype(np.float32) / np.sqrt(D_FF)
    x = rng.normal(size=(N_MICRO * ROWS, D_MODEL)).astype(np.float32)
    return {"w1": w1, "w2": w2}, x


def main(params, x):
    mesh = jax.make_mesh((2, 2, 2), AXES)
    stage = Stage(0, mesh.shape[PP], "transformer")
    print(stage_label(stage), *table_rows(one_f_one_b(stage.n_stages, N_MICRO)))
    xs = np.stack(drive(microbatch_feeder(x, N_MICRO), lambda m, mb: mb))
    fn = jax.shard_map(make_forward(stage), mesh=mesh,
                       in_specs=(SPECS["w1"], SPECS["w2"], SPECS["xs"]),
                       out_specs=P(PP, DP, None))
    log = []
    with scoped(jax.set_mesh(mesh), profiled(log, "fwd")):
        placed = {k: jax.device_put(v, NamedSharding(mesh, SPECS[k])) for k, v in params.items()}
        xd = jax.device_put(xs, NamedSharding(mesh, SPECS["xs"]))
        out = jax.jit(fn)(placed["w1"], placed["w2"], xd)
    print("out", out.shape, list(map(itemgetter(0), log)))
    return out


if __name__ == "__main__":
    main(*inputs())
