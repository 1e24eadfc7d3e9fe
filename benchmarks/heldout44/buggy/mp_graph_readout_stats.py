"""Per-step logging of graph-level readouts: reducers and axes come from the model config."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REDUCERS = {"sum": jax.lax.psum, "mean": jax.lax.pmean, "max": jax.lax.pmax}

CONFIG = {
    "mesh_axes": ["graphs", "edges"],
    "readout": {"pool": "sum", "pool_axes": ["edges"]},
    "metrics": {"reduce": "mean", "over": ["graphs", "edges"]},
}


def segment_readout(node_feats, graph_ids, num_graphs):
    flat = node_feats.reshape(-1, node_feats.shape[-1])
    return jax.ops.segment_sum(flat, graph_ids.reshape(-1), num_segments=num_graphs)


class ReadoutLogger:
    def __init__(self, config, num_graphs):
        self.config = config
        self.num_graphs = num_graphs

    def pool(self, x):
        spec = self.config["readout"]
        return REDUCERS[spec["pool"]](x, tuple(spec["pool_axes"]))

    def metric(self, x):
        spec = self.config["metrics"]
        return REDUCERS[spec["reduce"]](x, tuple(spec["over"]))

    def __call__(self, node_feats, graph_ids):
        per_graph = self.pool(segment_readout(node_feats, graph_ids, self.num_graphs))
        norm = jnp.sqrt(jnp.sum(per_graph ** 2, axis=-1))
        return self.metric(norm)


def inputs():
    rng = np.random.default_rng(4)
    feats = rng.normal(size=(4, 16, 8)).astype(np.float32)
    ids = np.repeat(np.arange(4, dtype=np.int32)[:, None], 16, axis=1) % 2
    return feats, ids


def main(feats, ids):
    mesh = jax.make_mesh((2, 4), tuple(CONFIG["mesh_axes"]))
    spec = P(*CONFIG["mesh_axes"])
    feats = jax.device_put(feats, NamedSharding(mesh, P(*CONFIG["mesh_axes"], None)))
    ids = jax.device_put(ids, NamedSharding(mesh, spec))
    logger = ReadoutLogger(CONFIG, num_graphs=2)
    return jax.shard_map(logger, mesh=mesh, in_specs=(P(*CONFIG["mesh_axes"], None), spec),
                         out_specs=P())(feats, ids)


if __name__ == "__main__":
    main(*inputs())
