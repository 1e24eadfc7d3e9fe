"""Masked-token loss with a vocab-parallel softmax, summed over the batch axis only."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def loss_fn(logits, mask):
    logz = jnp.log(jax.lax.psum(jnp.sum(jnp.exp(logits), axis=1), "vocab"))
    return jax.lax.psum(jnp.sum(logz * mask), "batch") / jax.lax.psum(jnp.sum(mask), "batch")


def inputs():
    r = np.random.RandomState(3)
    return r.randn(8, 64).astype(np.float32), (r.rand(8) > 0.5).astype(np.float32)


def main(logits, mask):
    mesh = jax.make_mesh((2, 4), ("batch", "vocab"))
    logits = jax.device_put(logits, NamedSharding(mesh, P("batch", "vocab")))
    mask = jax.device_put(mask, NamedSharding(mesh, P("batch")))
    return jax.shard_map(loss_fn, mesh=mesh, in_specs=(P("batch", "vocab"), P("batch")), out_specs=P())(logits, mask)


if __name__ == "__main__":
    print(main(*inputs()))
