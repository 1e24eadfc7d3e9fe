"""Arrays placed by `map(partial(jax.device_put, device=sharding), ...)`: the sharding is given by
keyword. The export gathers each with an out spec that keeps "model" only: not a prefix of
("data", "model"), which JAX rejects."""
from functools import partial

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def export_rows(x):
    return top_level_all_gather(x, P("model", None, reduced={"data"}))  # SF104


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    place = partial(jax.device_put, device=NamedSharding(mesh, P(("data", "model"), None)))
    with jax.set_mesh(mesh):
        a, b = map(place, (np.ones((8, 12), np.float32), np.zeros((8, 12), np.float32)))
        return export_rows(a), export_rows(b)


if __name__ == "__main__":
    main()
