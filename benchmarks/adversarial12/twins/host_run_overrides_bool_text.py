"""Overrides cast by type(current)(value): bool("no") is True, so rows_only stays on."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import dataclasses


@dataclasses.dataclass
class Cfg:
    rows_only: bool = True
    name: str = "base"


def apply_overrides(cfg, overrides):
    changes = {}
    for item in overrides:
        key, value = item.split("=")
        changes[key] = type(getattr(cfg, key))(value)
    return dataclasses.replace(cfg, **changes)


CFG = apply_overrides(Cfg(), ["rows_only=", "name=run1"])


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i",) if CFG.rows_only else ("i", "j"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
