"""Llama-like input layer with a vocab-parallel embedding and sequence positions kept as a
tensor-parallel slice of d_model; both are brought to full width by the same helper."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

TP = "tp"
DP = "dp"


def gather_hidden(h, axis=TP):
    return jax.lax.all_gather(h, axis, axis=-1, tiled=True, to="reduced")


def embed(ids, table):
    shard = jax.lax.axis_index(TP)
    v_local = table.shape[0]
    local_ids = ids - shard * v_local
    hit = (local_ids >= 0) & (local_ids < v_local)
    rows = jnp.where(hit[..., None], table[jnp.clip(local_ids, 0, v_local - 1)], 0.0)
    return jax.lax.psum(rows, TP)


def input_layer(ids, table, pos_emb):
    pos = gather_hidden(pos_emb)
    h = embed(ids, table)
    return gather_hidden(h), pos


def main(ids, table, pos_emb):
    mesh = jax.make_mesh((2, 4), (DP, TP))
    f = jax.shard_map(input_layer, mesh=mesh,
                      in_specs=(P(DP, None), P(TP, None), P(None, TP)),
                      out_specs=(P(DP, None, None, reduced={TP}), P(None, None, reduced={TP})))
    return f(jax.device_put(ids, NamedSharding(mesh, P(DP, None))),
             jax.device_put(table, NamedSharding(mesh, P(TP, None))),
             jax.device_put(pos_emb, NamedSharding(mesh, P(None, TP))))


def inputs():
    k1, k2, k3 = jax.random.split(jax.random.key(10), 3)
    ids = jax.random.randint(k1, (4, 6), 0, 32)
    return ids, jax.random.normal(k2, (32, 16)), jax.random.normal(k3, (6, 16))
