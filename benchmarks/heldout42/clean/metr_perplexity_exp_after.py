"""Perplexity computed from gathered per-token losses in an eval aggregator."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("replica", "shard"))

AGGREGATORS = {}


def aggregator(fn):
    AGGREGATORS[fn.__name__] = fn
    return fn


def gathered_losses(token_loss, axis):
    return jax.lax.all_gather(token_loss, axis, axis=0, tiled=True, to="reduced")


@aggregator
def perplexity(token_loss, axis="replica"):
    losses = gathered_losses(jnp.mean(token_loss, axis=0, keepdims=True), axis)
    return jnp.exp(losses)


def inputs():
    loss = jnp.linspace(1.0, 3.0, 16 * 4, dtype=jnp.float32).reshape(16, 4)
    return (jax.device_put(loss, NamedSharding(MESH, P("replica", "shard"))),)


def main(token_loss):
    fn = jax.shard_map(AGGREGATORS["perplexity"], mesh=MESH, in_specs=P("replica", "shard"),
                       out_specs=P(None, "shard", reduced={"replica"}))
    return fn(token_loss)


if __name__ == "__main__":
    main(*inputs())
