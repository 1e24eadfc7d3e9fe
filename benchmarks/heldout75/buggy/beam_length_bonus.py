"""Beam search: hypothesis lengths are shared across beams for the length bonus."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

WEIGHTS = {"decoder": 0.7, "ctc": 0.3, "length_bonus": 0.5}


def beam_lengths(tokens, beam_axis):
    return jax.lax.all_gather((tokens > 0).sum(axis=-1), beam_axis, tiled=True, to="reduced")


def running_lengths(lengths, beam_axis):
    return jax.lax.all_gather(lengths, beam_axis)


def search_step(scores, tokens, axes=("beam", "vocab"), weights=WEIGHTS):
    beam_axis, _ = axes
    lengths = beam_lengths(tokens, beam_axis)
    history = running_lengths(lengths.astype(jnp.float32), beam_axis)
    return scores + weights["length_bonus"] * history.mean()


def inputs():
    rng = np.random.default_rng(52)
    return rng.standard_normal((8, 16)).astype(np.float32), rng.integers(0, 5, (8, 16)).astype(np.int32)


def main(scores, tokens):
    mesh = jax.make_mesh((2, 4), ("beam", "vocab"))
    sharding = NamedSharding(mesh, P("beam", "vocab"))
    scores, tokens = jax.device_put(scores, sharding), jax.device_put(tokens, sharding)
    return jax.shard_map(search_step, mesh=mesh, in_specs=(P("beam", "vocab"), P("beam", "vocab")),
                         out_specs=P("beam", "vocab"))(scores, tokens)


if __name__ == "__main__":
    print(main(*inputs()))
