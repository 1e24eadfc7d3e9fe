"""Blank-frame ratio of a CTC text-line recognizer, ported from a torch.distributed eval script."""
import enum
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ReduceOp(enum.Enum):
    SUM = "sum"
    AVG = "avg"
    MAX = "max"


_REDUCERS = {ReduceOp.SUM: jax.lax.psum, ReduceOp.AVG: jax.lax.pmean, ReduceOp.MAX: jax.lax.pmax}


@dataclass(frozen=True)
class ProcessGroup:
    ranks_axes: tuple

    def axis(self):
        return self.ranks_axes[0] if len(self.ranks_axes) == 1 else self.ranks_axes


def new_group(*axes):
    return ProcessGroup(tuple(axes))


def all_reduce(tensor, op=ReduceOp.SUM, group=None):
    return _REDUCERS[op](tensor, group.axis())


def all_gather_into_tensor(tensor, group, async_op=False, grad_reduce=False):
    kind = "reduced" if grad_reduce else "varying"
    return jax.lax.all_gather(tensor, group.axis(), axis=0, tiled=True, to=kind)


BLANK_ID = 0
MESH = jax.make_mesh((4, 2), ("data", "model"))
DP_GROUP = new_group("data")


class BlankRatioMeter:
    def __init__(self, group=DP_GROUP):
        self.group = group

    def compute(self, logits):
        pred = jnp.argmax(logits, axis=-1)
        blanks = jnp.sum(pred == BLANK_ID, axis=1).astype(jnp.float32)
        frames = jnp.full_like(blanks, pred.shape[1])
        total_blank = all_reduce(blanks.sum(keepdims=True), ReduceOp.SUM, self.group)
        total_blank = jax.lax.pcast(total_blank, self.group.axis(), to="varying")
        per_rank = all_gather_into_tensor(total_blank, self.group, grad_reduce=True)
        return per_rank, all_reduce(frames.sum(keepdims=True), group=self.group)


def inputs():
    rng = np.random.default_rng(0)
    logits = rng.normal(size=(8, 16, 6)).astype(np.float32)
    return (jax.device_put(logits, NamedSharding(MESH, P("data", None, "model"))),)


def main(logits):
    meter = BlankRatioMeter()
    step = jax.shard_map(meter.compute, mesh=MESH, in_specs=P("data", None, "model"),
                         out_specs=(P("model", reduced={"data"}), P("model")))
    blank, frames = step(logits)
    print("blank ratio per model rank:", np.asarray(blank) / np.asarray(frames)[0])


if __name__ == "__main__":
    main(*inputs())
