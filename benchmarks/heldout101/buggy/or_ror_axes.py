"""A tiny axis-set type with __or__/__ror__ so `"data" | Axes(...)` unions names for reduced=."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Axes(frozenset):
    def __or__(self, other):
        other = {other} if isinstance(other, str) else other
        return Axes(frozenset.__or__(self, other))

    def __ror__(self, other):
        return self | other


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    rows = Axes()
    gathered = "data" | rows
    gathered = gathered | "model"
    with jax.set_mesh(mesh):
        w = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
        out = top_level_all_gather(w, P(None, None, reduced=set(gathered)))
    return out


if __name__ == "__main__":
    main()
