import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ROUTER_CFG = {"expert_axis": "ep", "top_k": 2}


def route(router_w_shard, tokens):
    axis = ROUTER_CFG["expert_axis"]
    router_w = jax.lax.all_gather(router_w_shard, axis, axis=1, to="reduced", tiled=True)
    probs = jax.nn.softmax(router_w, axis=-1)
    return tokens @ probs


def inputs():
    return np.full((4, 8), 0.1, np.float32), np.ones((2, 4), np.float32)


def main(router_w, tokens):
    mesh = jax.make_mesh((8,), ("ep",))
    router_w = jax.device_put(router_w, NamedSharding(mesh, P(None, "ep")))
    tokens = jax.device_put(tokens, NamedSharding(mesh, P()))
    return jax.shard_map(route, mesh=mesh, in_specs=(P(None, "ep"), P()), out_specs=P())(router_w, tokens)
