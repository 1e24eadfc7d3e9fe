# Switch-Transformer-style dispatch, re-derived in a notebook: tokens -> experts with all_to_all.
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "expert"))
n_experts = mesh.shape["expert"]


def expert_ffn(x, w):
    return jax.nn.relu(x @ w)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P("data", None), P("expert", None, None)),
                   out_specs=P("data", "expert"))
def moe_layer(x, w):
    h = expert_ffn(x, w[0])
    dispatched = jax.lax.all_to_all(h, "expert", 0, 0, tiled=True)
    return dispatched


def inputs():
    rng = np.random.default_rng(2)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(n_experts, 8, 4)).astype(np.float32)


def main(x, w):
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    w = jax.device_put(w, NamedSharding(mesh, P("expert", None, None)))
    return moe_layer(x, w)


if __name__ == "__main__":
    main(*inputs())
