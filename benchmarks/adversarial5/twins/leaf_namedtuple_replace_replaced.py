"""A NamedTuple field is re-placed with _replace before the gather."""
from jax._src.shard_map import top_level_all_gather
from typing import NamedTuple
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class State(NamedTuple):
    w: jax.Array
    m: jax.Array

def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16), np.ones((8, 16), np.float32))


def main(w, m):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    cols = NamedSharding(mesh, P("model", "data"))
    state = State(w=jax.device_put(w, cols), m=jax.device_put(m, cols))
    state = state._replace()
    with jax.set_mesh(mesh):
        return top_level_all_gather(state.w, P(None, "model", reduced={"data"}))


if __name__ == "__main__":
    print(main(*inputs()))
