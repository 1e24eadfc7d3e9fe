"""VICReg variance hinge: each feature's standard deviation over the full batch, the batch joined
over the data shards first."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class VarianceTerm:
    def __init__(self, gamma=1.0, eps=1e-4, batch_axis="data"):
        self.gamma = gamma
        self.eps = eps
        self.batch_axis = batch_axis

    def full_batch(self, z):
        return jax.lax.all_gather(z, self.batch_axis, axis=0, tiled=True, to="reduced")

    def __call__(self, z):
        zb = self.full_batch(z)
        var = jnp.var(zb, axis=0)
        return jnp.sqrt(var + self.eps)


def inputs():
    return (np.random.default_rng(55).normal(size=(16, 32)).astype(np.float32),)


def main(z):
    mesh = jax.make_mesh((2, 4), ("data", "feat"))
    z = jax.device_put(z, NamedSharding(mesh, P("data", "feat")))
    return jax.shard_map(VarianceTerm(), mesh=mesh, in_specs=P("data", "feat"), out_specs=P("feat"))(z)


if __name__ == "__main__":
    main(*inputs())
