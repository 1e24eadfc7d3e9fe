"""The same helper handed a loader whose batches are split over `("j", "i")`: the out spec keeps
the prefix `"j"`, JAX gathers the last axis `"i"`, and `reduced={"i"}` says so."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Loader:
    def __init__(self, mesh, data, batch_axes):
        self.sharding = NamedSharding(mesh, P(batch_axes, None))
        self.data = data

    def __iter__(self):
        for start in range(0, len(self.data), 8):
            yield jax.device_put(self.data[start:start + 8], self.sharding)


def score(loader, spec):
    results = []
    for batch in loader:
        results.append(top_level_all_gather(batch, spec))
    return results


def main(mesh, x):
    loader = Loader(mesh, jnp.concatenate([x, x]), batch_axes=("j", "i"))
    with jax.set_mesh(mesh):
        return score(loader, P("j", None, reduced={"i"}))


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
