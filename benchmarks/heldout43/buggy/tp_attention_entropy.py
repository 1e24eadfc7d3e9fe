"""Attention entropy monitor of a tensor-parallel decoder (heads split over tp)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_entropy_fn(mesh, head_count):
    dp, tp = mesh.axis_names

    def entropy(scores):
        probs = jax.nn.softmax(scores, axis=-1)
        per_head = -jnp.sum(probs * jnp.log(probs + 1e-9), axis=-1).mean(axis=-1)
        summed = jax.lax.psum(jnp.sum(per_head, axis=-1), tp)
        return jax.lax.pmean(summed / head_count, (dp, tp))

    return entropy


def inputs():
    rng = np.random.default_rng(13)
    return (rng.normal(size=(4, 8, 6, 6)).astype(np.float32),)


def main(scores):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    scores = jax.device_put(scores, NamedSharding(mesh, P("dp", "tp", None, None)))
    fn = jax.shard_map(make_entropy_fn(mesh, head_count=8), mesh=mesh,
                       in_specs=P("dp", "tp", None, None), out_specs=P())
    return fn(scores)


if __name__ == "__main__":
    main(*inputs())
