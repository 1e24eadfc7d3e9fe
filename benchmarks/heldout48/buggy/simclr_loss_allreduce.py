"""SimCLR NT-Xent with tensor-sharded features: the alignment term is a feature-sharded dot
product; the scalar loss is averaged over the whole mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("data", "model")


class NTXentLoss:
    def __init__(self, temperature=0.1, axes=MESH_AXES):
        self.temperature = temperature
        self.batch_axis, self.feature_axis = axes
        self.axes = axes

    def alignment(self, z1, z2):
        return jax.lax.psum(jnp.sum(z1 * z2, axis=-1), self.feature_axis)

    def __call__(self, z1, z2):
        pos = self.alignment(z1, z2) / self.temperature
        loss = -jnp.mean(pos)
        return jax.lax.pmean(loss, self.axes)


def inputs():
    rng = np.random.default_rng(4)
    return (rng.normal(size=(16, 32)).astype(np.float32), rng.normal(size=(16, 32)).astype(np.float32))


def main(z1, z2):
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    spec = P(*MESH_AXES)
    z1, z2 = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (z1, z2))
    loss_fn = NTXentLoss(temperature=0.2)
    return jax.jit(jax.shard_map(loss_fn, mesh=mesh, in_specs=(spec, spec), out_specs=P()))(z1, z2)


if __name__ == "__main__":
    main(*inputs())
