"""Charge equilibration head: partial charges spread by a softmax over every atom of the molecule."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    rng = np.random.default_rng(10)
    return (rng.normal(size=(8, 32)).astype(np.float32),)


def main(electroneg):
    mesh = jax.make_mesh((2, 4), ("mol", "atom"))
    electroneg = jax.device_put(electroneg, NamedSharding(mesh, P("mol", "atom")))
    temperature = 0.5

    @functools.partial(jax.shard_map, mesh=mesh, in_specs=P("mol", "atom"),
                       out_specs=P("mol", None, reduced={"atom"}))
    def charges(chi):
        chi_all = jax.lax.all_gather(chi, "atom", axis=1, to="reduced", tiled=True)
        return -jax.nn.softmax(chi_all / temperature, axis=-1)

    return charges(electroneg)


if __name__ == "__main__":
    print(main(*inputs()))
