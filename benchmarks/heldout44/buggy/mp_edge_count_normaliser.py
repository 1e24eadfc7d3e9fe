"""Degree-normalised message passing over a padded, edge-sharded GraphsTuple."""
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ConfigDict(dict):
    """Attribute access over nested dicts, as ml_collections configs are read."""

    def __getattr__(self, key):
        value = self[key]
        return ConfigDict(value) if isinstance(value, dict) else value


def get_config():
    return ConfigDict({
        "mesh": {"shape": (2, 4), "axes": ("graphs", "edges")},
        "model": {"latent": 8, "num_message_steps": 2},
        "sharding": {"graph_axis": "graphs", "edge_axis": "edges"},
    })


class GraphsTuple(NamedTuple):
    edges: jax.Array      # [n_graph_blocks, n_edge, latent]
    senders: jax.Array    # [n_graph_blocks, n_edge], -1 marks padding
    receivers: jax.Array


def edge_mask(graph):
    return (graph.senders >= 0).astype(jnp.float32)


def share_degree(count, cfg):
    return jax.lax.all_gather(count, cfg.sharding.edge_axis, axis=1, tiled=True, to="reduced")


def message_step(graph, cfg):
    mask = edge_mask(graph)
    local = jnp.sum(mask, axis=1, keepdims=True)
    total = jax.lax.psum(local, cfg.sharding.edge_axis)
    degree = share_degree(total, cfg)
    return degree


def inputs():
    rng = np.random.default_rng(0)
    edges = rng.normal(size=(4, 32, 8)).astype(np.float32)
    senders = rng.integers(-1, 10, size=(4, 32)).astype(np.int32)
    receivers = rng.integers(0, 10, size=(4, 32)).astype(np.int32)
    return edges, senders, receivers


def main(edges, senders, receivers):
    cfg = get_config()
    mesh = jax.make_mesh(cfg.mesh.shape, cfg.mesh.axes)
    spec = P(cfg.sharding.graph_axis, cfg.sharding.edge_axis)
    graph = GraphsTuple(*(jax.device_put(a, NamedSharding(mesh, spec)) for a in (edges, senders, receivers)))
    step = functools.partial(message_step, cfg=cfg)
    return jax.shard_map(step, mesh=mesh, in_specs=(GraphsTuple(spec, spec, spec),),
                         out_specs=P(cfg.sharding.graph_axis, None, reduced={cfg.sharding.edge_axis}))(graph)


if __name__ == "__main__":
    main(*inputs())
