"""Set2Set readout: an LSTM query attends over all nodes for a fixed number of processing steps."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NODE_AXIS = "node"


def lstm_cell(params, carry, x):
    h, c = carry
    z = x @ params["wx"] + h @ params["wh"]
    i, f, g, o = jnp.split(z, 4, axis=-1)
    c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
    h = jax.nn.sigmoid(o) * jnp.tanh(c)
    return h, c


def memory(nodes):
    return jax.lax.all_gather(nodes, NODE_AXIS, axis=1, tiled=True)


def set2set(nodes, params, *, steps):
    mem = memory(nodes)
    width = nodes.shape[-1]
    h = jnp.zeros_like(nodes[:, 0, :width])

    def process(carry, _):
        h, c = carry
        q_star = jnp.concatenate([h, h], axis=-1)
        h, c = lstm_cell(params, (h, c), q_star)
        scores = jax.lax.psum_scatter(mem, NODE_AXIS, scatter_dimension=1, tiled=True)
        e = jnp.einsum("bnd,bd->bn", scores, h)
        return (h + jnp.max(e, axis=-1, keepdims=True), c), None

    (h, _), _ = jax.lax.scan(process, (h, h), None, length=steps)
    return h


def inputs():
    rng = np.random.default_rng(32)
    d = 4
    params = {"wx": rng.normal(size=(2 * d, 4 * d)).astype(np.float32) * 0.1,
              "wh": rng.normal(size=(d, 4 * d)).astype(np.float32) * 0.1}
    return rng.normal(size=(4, 16, d)).astype(np.float32), params


def main(nodes, params):
    mesh = jax.make_mesh((2, 4), ("batch", NODE_AXIS))
    spec = P("batch", NODE_AXIS, None)
    nodes = jax.device_put(nodes, NamedSharding(mesh, spec))
    params = jax.device_put(params, NamedSharding(mesh, P()))
    readout = functools.partial(set2set, steps=3)
    return jax.shard_map(readout, mesh=mesh, in_specs=(spec, P()), out_specs=P("batch", NODE_AXIS))(nodes, params)


if __name__ == "__main__":
    main(*inputs())
