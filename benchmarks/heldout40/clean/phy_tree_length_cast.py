"""Expected tree length: branch lengths weighted by rate categories, summed over the mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TREE_AXES = ("rate", "site")


def total(x, axes=TREE_AXES):
    return jax.lax.psum(x, axes)


def tree_length(branches, rates):
    weighted = jax.lax.psum(branches * rates, TREE_AXES[0])
    weighted = jax.lax.pcast(weighted, TREE_AXES[0], to="varying")
    return total(jnp.sum(weighted))


def inputs():
    rng = np.random.default_rng(44)
    return (rng.uniform(size=(8, 32)).astype(np.float32),
            rng.gamma(0.5, size=(8, 32)).astype(np.float32))


def main(branches, rates):
    mesh = jax.make_mesh((2, 4), TREE_AXES)
    spec = P(*TREE_AXES)
    branches, rates = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (branches, rates))
    return jax.jit(jax.shard_map(tree_length, mesh=mesh, in_specs=(spec, spec),
                                 out_specs=P()))(branches, rates)


if __name__ == "__main__":
    main(*inputs())
