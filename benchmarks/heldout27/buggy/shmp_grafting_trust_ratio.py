"""Layer-wise grafting: the Shampoo direction takes the magnitude of an SGD step."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Grafting:
    def __init__(self, shard_axis="fsdp", eps=1e-12):
        self.shard_axis = shard_axis
        self.eps = eps

    def full_param(self, shard):
        return jax.lax.all_gather(shard, self.shard_axis, axis=0, tiled=True, to="reduced")

    def l1_magnitude(self, x):
        return jnp.sum(jnp.abs(x))

    def __call__(self, shampoo_dir, sgd_dir):
        full = self.full_param(sgd_dir)
        sgd_norm = jax.lax.pmax(self.l1_magnitude(full), self.shard_axis)
        dir_norm = jax.lax.psum(self.l1_magnitude(shampoo_dir), self.shard_axis)
        return shampoo_dir * (sgd_norm / (dir_norm + self.eps))


def inputs():
    rng = np.random.default_rng(2)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(shampoo_dir, sgd_dir):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tp"))
    spec = P("fsdp", None)
    shampoo_dir = jax.device_put(shampoo_dir, NamedSharding(mesh, spec))
    sgd_dir = jax.device_put(sgd_dir, NamedSharding(mesh, spec))
    return jax.shard_map(Grafting(), mesh=mesh, in_specs=(spec, spec), out_specs=spec)(shampoo_dir, sgd_dir)


if __name__ == "__main__":
    print(main(*inputs()))
