import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def expert_ffn(experts_w_shard, tokens):
    experts_w = jax.lax.all_gather(experts_w_shard, "i", to="reduced", tiled=True)

    def one_expert(w):
        w = w * (1.0 / np.sqrt(w.shape[0]))  # SF106
        return jnp.tanh(tokens @ w)

    return jax.lax.map(one_expert, experts_w)


def summed(experts_w_shard):
    experts_w = jax.lax.all_gather(experts_w_shard, "i", to="reduced", tiled=True)
    return jax.lax.map(lambda w: jax.lax.psum(w, "i"), experts_w)  # SF103


def run(mesh, x):
    w = x.reshape(8, 2, 4)
    a = jax.shard_map(expert_ffn, mesh=mesh, in_specs=(P("i"), P()), out_specs=P("i"))(w, x[:2, :2])
    return a, jax.shard_map(summed, mesh=mesh, in_specs=P("i"), out_specs=P())(w)
