"""Normalized entropy (NE): log-loss divided by the entropy of the background CTR."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class NormalizedEntropy:
    axis = "data"

    def shard_ctr(self, labels):
        return jax.lax.all_gather(jnp.mean(labels, keepdims=True), self.axis, to="reduced")

    def base_rate(self, labels):
        per_shard = self.shard_ctr(labels)
        return jax.lax.psum(per_shard, self.axis) / jax.lax.axis_size(self.axis)

    def __call__(self, p, labels):
        eps = 1e-6
        ll = -jax.lax.pmean(jnp.mean(labels * jnp.log(p + eps) + (1 - labels) * jnp.log(1 - p + eps)), self.axis)
        ctr = jnp.mean(self.base_rate(labels))
        h = -(ctr * jnp.log(ctr) + (1 - ctr) * jnp.log(1 - ctr))
        return ll / h


def inputs():
    rng = np.random.default_rng(52)
    p = rng.uniform(0.01, 0.3, size=(256,)).astype(np.float32)
    labels = (rng.uniform(size=(256,)) < p).astype(np.float32)
    return p, labels


def main(p, labels):
    mesh = jax.make_mesh((8,), ("data",))
    p = jax.device_put(p, NamedSharding(mesh, P("data")))
    labels = jax.device_put(labels, NamedSharding(mesh, P("data")))
    fn = jax.shard_map(NormalizedEntropy(), mesh=mesh, in_specs=(P("data"), P("data")), out_specs=P())
    return fn(p, labels)


if __name__ == "__main__":
    print(main(*inputs()))
