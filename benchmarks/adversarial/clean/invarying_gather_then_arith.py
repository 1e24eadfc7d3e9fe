"""Gathering a sharded vocabulary bias to='invarying', then ordinary arithmetic with it."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    rng = np.random.default_rng(3)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(16,)).astype(np.float32)


def main(logits, bias):
    mesh = jax.make_mesh((2, 4), ("batch", "vocab"))
    logits = jax.device_put(logits, NamedSharding(mesh, P("batch")))
    bias = jax.device_put(bias, NamedSharding(mesh, P("vocab")))

    def body(lg, b):
        full_bias = jax.lax.all_gather(b, "vocab", to="invarying", tiled=True)
        shifted = lg + full_bias * 2.0
        probs = jax.nn.softmax(shifted, axis=-1)
        ent = -jnp.sum(probs * jnp.log(probs + 1e-9), axis=-1)
        return jax.lax.pmean(jnp.mean(ent), "batch") + jnp.mean(full_bias)

    return jax.shard_map(body, mesh=mesh, in_specs=(P("batch"), P("vocab")), out_specs=P())(logits, bias)


if __name__ == "__main__":
    print(main(*inputs()))
