"""Generation loop: sampled lengths are gathered after a fori_loop over decode steps."""
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def decode(logits, steps):
    def body(i, state):
        done, length = state
        finished = jnp.argmax(logits[:, i], axis=-1) == 0
        length = length + (~done).astype(jnp.int32)
        return done | finished, length

    init = (jnp.zeros_like(logits[:, 0, 0], bool), jnp.zeros_like(logits[:, 0, 0], jnp.int32))
    return jax.lax.fori_loop(0, steps, body, init)[1]


def gather_lengths(logits, steps, batch_axis, vocab_axis):
    lengths = decode(logits, steps).astype(jnp.float32)[:, None]
    first = jax.lax.all_gather(lengths, batch_axis, tiled=True, to="reduced")
    both = jax.lax.all_gather(first, (vocab_axis, batch_axis), axis=1, tiled=True, to="reduced")
    return both


def inputs():
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    logits = jax.random.normal(jax.random.key(2), (8, 6, 12))
    return mesh, jax.device_put(logits, NamedSharding(mesh, P("dp", None, "tp")))


def main(mesh, logits):
    body = partial(gather_lengths, steps=6, batch_axis="dp", vocab_axis="tp")
    fn = jax.shard_map(body, mesh=mesh, in_specs=P("dp", None, "tp"), out_specs=P(None, None, reduced={"dp", "tp"}))
    return fn(logits)


if __name__ == "__main__":
    main(*inputs())
