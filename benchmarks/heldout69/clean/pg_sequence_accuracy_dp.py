"""Exact-match sequence accuracy for text-line recognition, torch.distributed-style helpers inlined."""
import enum
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ReduceOp(enum.IntEnum):
    SUM = 0
    AVG = 1


class ProcessGroup:
    def __init__(self, *axes):
        self.axes = axes

    @property
    def axis_name(self):
        return self.axes if len(self.axes) > 1 else self.axes[0]


WORLD = ProcessGroup("data", "model")
MP = ProcessGroup("model")
DP = ProcessGroup("data")
MESH = jax.make_mesh((4, 2), ("data", "model"))


def all_reduce(tensor, op=ReduceOp.SUM, group=WORLD):
    fn = jax.lax.psum if op == ReduceOp.SUM else jax.lax.pmean
    return fn(tensor, axis_name=group.axis_name)


def line_accuracy(pred, tgt, mp_group=MP):
    mism = jnp.sum(pred != tgt, axis=1)
    mism = all_reduce(mism, group=mp_group)
    exact = (mism == 0).astype(jnp.float32).mean()
    return all_reduce(exact, op=ReduceOp.AVG, group=DP)


def inputs():
    rng = np.random.default_rng(4)
    tgt = rng.integers(1, 30, size=(16, 20))
    pred = np.where(rng.random((16, 20)) < 0.97, tgt, 0)
    s = NamedSharding(MESH, P("data", "model"))
    return jax.device_put(pred, s), jax.device_put(tgt, s)


def main(pred, tgt):
    fn = jax.shard_map(partial(line_accuracy), mesh=MESH,
                       in_specs=(P("data", "model"), P("data", "model")), out_specs=P())
    print("sequence accuracy:", float(fn(pred, tgt)))


if __name__ == "__main__":
    main(*inputs())
