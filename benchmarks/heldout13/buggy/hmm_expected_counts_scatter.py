"""Baum-Welch E-step: expected emission counts are summed over the state shards, then
reduce-scattered over sequences and states so each device owns a slice of symbols."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = {"data": "seq", "hidden": "state"}


def expected_counts(gamma, symbols, n_symbols=16):
    onehot = jax.nn.one_hot(symbols, n_symbols)
    counts = jnp.einsum("tbk,tbv->vk", gamma, onehot)
    counts = jax.lax.psum(counts.sum(-1, keepdims=True), MESH_AXES["hidden"])
    axes = tuple(MESH_AXES[k] for k in ("data", "hidden"))
    return jax.lax.psum_scatter(counts, axes, scatter_dimension=0, tiled=True)


def main(gamma, symbols, mesh):
    d, h = MESH_AXES["data"], MESH_AXES["hidden"]
    gamma = jax.device_put(gamma, NamedSharding(mesh, P(None, d, h)))
    symbols = jax.device_put(symbols, NamedSharding(mesh, P(None, d)))
    fn = jax.shard_map(expected_counts, mesh=mesh, in_specs=(P(None, d, h), P(None, d)),
                       out_specs=P((d, h)))
    return fn(gamma, symbols)


def inputs():
    mesh = jax.make_mesh((2, 4), ("seq", "state"))
    k1, k2 = jax.random.split(jax.random.key(34))
    gamma = jax.random.uniform(k1, (6, 4, 8))
    return gamma, jax.random.randint(k2, (6, 4), 0, 16), mesh
