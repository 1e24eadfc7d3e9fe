"""The comprehension's filter records each axis in SEEN as it passes: "j", taken by the count
step, is skipped when the sync axes are read, so the sync psum is over ("i",)."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

RULES = {"count": ["j"], "sync": ["i", "j"]}
SEEN = set()


def axes_for(name):
    return tuple(ax for ax in RULES[name] if not (ax in SEEN or SEEN.add(ax)))


def body(block):
    counts = jax.lax.psum(block, axes_for("count"))
    return jax.lax.psum(counts, axes_for("sync"))


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
