"""Export the priced (scenario, strike) grid for the risk database loader."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

GRID_LAYOUT = P(("scenario", "strike"), None)
LOADER_LAYOUT = P("strike", None)


def discount(grid, rate=0.03, maturity=1.0):
    return grid * jnp.exp(-rate * maturity)


def inputs():
    rng = np.random.default_rng(104)
    return (rng.uniform(0.0, 0.3, (32, 6)).astype(np.float32),)


def main(grid):
    mesh = jax.make_mesh((2, 4), ("scenario", "strike"))
    grid = jax.device_put(grid, NamedSharding(mesh, GRID_LAYOUT))
    with jax.set_mesh(mesh):
        priced = jax.jit(discount)(grid)
        return top_level_all_gather(priced, LOADER_LAYOUT)


if __name__ == "__main__":
    print(main(*inputs()))
