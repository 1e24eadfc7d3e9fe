"""Global attention pooling (gated readout) over the nodes of each graph, nodes split over the mesh."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

POOLING = {}


def register_pooling(name):
    def wrap(fn):
        POOLING[name] = fn
        return fn
    return wrap


@register_pooling("attention")
def global_attention_pool(nodes, gate_w, node_axis):
    gate = jnp.exp(nodes @ gate_w)
    normaliser = jax.lax.psum(jnp.sum(gate, axis=1, keepdims=True), node_axis)
    shared = jax.lax.all_gather(normaliser, node_axis, axis=1, tiled=True, to="reduced")
    return shared


@register_pooling("sum")
def global_add_pool(nodes, gate_w, node_axis):
    return jax.lax.psum(jnp.sum(nodes, axis=1), node_axis)


def build_readout(cfg):
    return functools.partial(POOLING[cfg["pooling"]], node_axis=cfg["node_axis"])


def inputs():
    rng = np.random.default_rng(30)
    return rng.normal(size=(4, 16, 8)).astype(np.float32), rng.normal(size=(8, 1)).astype(np.float32)


def main(nodes, gate_w):
    cfg = {"pooling": "attention", "node_axis": "node", "batch_axis": "batch"}
    mesh = jax.make_mesh((2, 4), (cfg["batch_axis"], cfg["node_axis"]))
    spec = P(cfg["batch_axis"], cfg["node_axis"], None)
    nodes = jax.device_put(nodes, NamedSharding(mesh, spec))
    gate_w = jax.device_put(gate_w, NamedSharding(mesh, P()))
    return jax.shard_map(build_readout(cfg), mesh=mesh, in_specs=(spec, P()),
                         out_specs=P(cfg["batch_axis"], None, None, reduced={cfg["node_axis"]}))(nodes, gate_w)


if __name__ == "__main__":
    main(*inputs())
