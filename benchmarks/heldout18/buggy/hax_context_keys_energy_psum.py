"""Levanter-like context-parallel attention: keys and values gathered over positions; a key-energy log."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

RESOURCES = {"position": "seq", "heads": None}
mesh = jax.make_mesh((8,), ("seq",))


def resolve(logical):
    return RESOURCES[logical]


def attention(q, k, v):
    # q, k, v: [position, heads, head_dim], positions split over the mesh
    k_ctx = jax.lax.all_gather(k, resolve("position"), axis=0, tiled=True, to="reduced")
    v_ctx = jax.lax.all_gather(v, resolve("position"), axis=0, tiled=True, to="reduced")
    logits = jnp.einsum("qhd,khd->hqk", q, k_ctx)
    out = jnp.einsum("hqk,khd->qhd", jax.nn.softmax(logits, axis=-1), v_ctx)
    key_energy = jax.lax.psum(jnp.sum(k_ctx * k_ctx), resolve("position"))
    return out, key_energy


def inputs():
    x = jnp.cos(jnp.arange(16 * 2 * 4, dtype=jnp.float32)).reshape(16, 2, 4)
    put = lambda a: jax.device_put(a, NamedSharding(mesh, P("seq")))
    return put(x), put(x * 0.5), put(x + 1.0)


def main(q, k, v):
    return jax.shard_map(attention, mesh=mesh, in_specs=(P("seq"), P("seq"), P("seq")),
                         out_specs=(P("seq"), P()))(q, k, v)
