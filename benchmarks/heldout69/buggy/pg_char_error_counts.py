"""Character error counts for an OCR recognizer; dist helpers inlined from the old torch utils."""
import enum
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ReduceOp(enum.Enum):
    SUM = "sum"
    AVG = "avg"


@dataclass
class ProcessGroup:
    name: str
    axes: tuple = field(default_factory=tuple)


_GROUPS = {}


def new_group(name, axes):
    _GROUPS[name] = ProcessGroup(name, tuple(axes))
    return _GROUPS[name]


def get_group(name):
    return _GROUPS[name]


def all_gather_base(tensor, group=None, for_backward=True):
    axes = group.axes if len(group.axes) > 1 else group.axes[0]
    return jax.lax.all_gather(tensor, axes, tiled=True, to="reduced" if for_backward else "varying")


MESH = jax.make_mesh((4, 2), ("data", "model"))
new_group("dp", ["data"])
new_group("world", ["model", "data"])


def char_errors(pred_ids, target_ids):
    wrong = (pred_ids != target_ids).astype(jnp.float32)
    per_line = wrong.sum(axis=1)
    by_dp = all_gather_base(per_line, group=get_group("dp"))
    everything = all_gather_base(by_dp, group=get_group("world"))
    return everything.sum()


def inputs():
    rng = np.random.default_rng(1)
    pred = rng.integers(0, 40, size=(8, 24))
    tgt = np.where(rng.random((8, 24)) < 0.9, pred, (pred + 1) % 40)
    s = NamedSharding(MESH, P("data", "model"))
    return jax.device_put(pred, s), jax.device_put(tgt, s)


def main(pred, tgt):
    fn = jax.shard_map(char_errors, mesh=MESH, in_specs=(P("data", "model"), P("data", "model")),
                       out_specs=P(reduced={"data", "model"}))
    print("character errors:", float(fn(pred, tgt)))


if __name__ == "__main__":
    main(*inputs())
