"""How many examples hit the clipping bound: a standard DP-SGD diagnostic."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ClipStats:
    def __init__(self, mesh, max_grad_norm):
        self.axes = tuple(mesh.axis_names)
        self.max_grad_norm = max_grad_norm

    def clipped_count(self, grads):
        sq = jax.lax.psum(jnp.sum(grads * grads, axis=1), self.axes[1])
        flags = (jnp.sqrt(sq) > self.max_grad_norm).astype(jnp.float32)
        return jax.lax.psum(flags.sum(), axis_name=self.axes)


def inputs():
    return (np.random.default_rng(9).normal(size=(16, 8)).astype(np.float32),)


def main(grads):
    mesh = jax.make_mesh((4, 2), ("batch", "feature"))
    stats = ClipStats(mesh, max_grad_norm=2.0)
    grads = jax.device_put(grads, NamedSharding(mesh, P(*stats.axes)))
    return jax.shard_map(stats.clipped_count, mesh=mesh, in_specs=P(*stats.axes), out_specs=P())(grads)


if __name__ == "__main__":
    main(*inputs())
