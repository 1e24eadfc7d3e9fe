"""A loop over a literal tuple of keys breaks after the first one (the split-string twin of this, written plainly)."""
import contextlib
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


SPECS = {"rows": P(None, "model", reduced={"data"}), "cols": P("model", None, reduced={"data"})}


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    with jax.set_mesh(mesh):
        for name in ("cols", "rows"):
            out = top_level_all_gather(w, SPECS[name])
            break
    return out


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
