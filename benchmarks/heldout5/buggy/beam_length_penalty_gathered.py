"""Beam search finalisation: gathered beam scores are normalised by a length penalty."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def length_penalty(length, alpha):
    return ((5.0 + length) / 6.0) ** alpha


def finalize(scores, lengths, axis_name, alpha=0.6):
    all_scores = jax.lax.all_gather(scores, axis_name, tiled=True, to="reduced")
    all_lengths = jax.lax.all_gather(lengths, axis_name, tiled=True, to="reduced")
    normed = all_scores / length_penalty(all_lengths, alpha)
    return normed


def inputs():
    mesh = jax.make_mesh((8,), ("beam",))
    s = NamedSharding(mesh, P("beam"))
    return (mesh, jax.device_put(-jax.random.uniform(jax.random.key(39), (16,)), s),
            jax.device_put(jnp.arange(16.0) % 7 + 1, s))


def main(mesh, scores, lengths):
    f = jax.shard_map(functools.partial(finalize, axis_name="beam"), mesh=mesh,
                      in_specs=(P("beam"), P("beam")), out_specs=P(reduced={"beam"}))
    return f(scores, lengths)
