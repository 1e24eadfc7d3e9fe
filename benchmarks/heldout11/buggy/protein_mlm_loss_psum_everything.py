"""Masked-token loss of a protein LM with a vocab-parallel softmax (Megatron-style)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def build_loss(mesh):
    axes = mesh.axis_names
    vocab_per_shard = 64 // mesh.shape["vocab"]

    def loss_fn(logits, targets, mask):
        start = jax.lax.axis_index("vocab") * vocab_per_shard
        local_t = targets - start
        in_shard = (local_t >= 0) & (local_t < vocab_per_shard)
        picked = jnp.take_along_axis(logits, jnp.clip(local_t, 0, vocab_per_shard - 1)[:, None], axis=1)[:, 0]
        target_logit = jax.lax.psum(jnp.where(in_shard, picked, 0.0), "vocab")
        logz = jnp.log(jax.lax.psum(jnp.sum(jnp.exp(logits), axis=1), "vocab"))
        nll = logz - target_logit
        return jax.lax.psum(jnp.sum(nll * mask), axes) / jax.lax.psum(jnp.sum(mask), "batch")

    return loss_fn


def inputs():
    r = np.random.RandomState(3)
    return (r.randn(8, 64).astype(np.float32), r.randint(0, 64, size=(8,)).astype(np.int32),
            (r.rand(8) > 0.5).astype(np.float32))


def main(logits, targets, mask):
    mesh = jax.make_mesh((2, 4), ("batch", "vocab"))
    logits = jax.device_put(logits, NamedSharding(mesh, P("batch", "vocab")))
    targets = jax.device_put(targets, NamedSharding(mesh, P("batch")))
    mask = jax.device_put(mask, NamedSharding(mesh, P("batch")))
    return jax.shard_map(build_loss(mesh), mesh=mesh, in_specs=(P("batch", "vocab"), P("batch"), P("batch")),
                         out_specs=P())(logits, targets, mask)


if __name__ == "__main__":
    print(main(*inputs()))
