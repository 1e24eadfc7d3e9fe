"""The same overrides, but the loss axes stay ("i",) (only the chunk count changes): the psum
over "i" of a value summed over "j" is legal."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class LossConfig:
    seq_axis: str = "j"
    loss_axes: tuple = ("i",)
    chunks: int = 4


def with_overrides(cfg, overrides):
    changes = {}
    for item in overrides:
        key, _, value = item.partition("=")
        current = getattr(cfg, key)
        if isinstance(current, tuple):
            changes[key] = tuple(type(current[0])(v) for v in value.split(","))
        else:
            changes[key] = type(current)(value)
    return dataclasses.replace(cfg, **changes)


def main(mesh, x):
    cfg = with_overrides(LossConfig(), ["chunks=2"])

    def body(block):
        total = jax.lax.psum(block, cfg.seq_axis)
        return jax.lax.psum(total, cfg.loss_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
