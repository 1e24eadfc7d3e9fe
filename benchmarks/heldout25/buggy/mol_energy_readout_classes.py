"""Graph-level energy readouts for a message-passing network on batched molecules."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MODEL = {"readout": "mean", "hidden": 16, "node_axis": "atoms", "graph_axis": "graphs"}


class Readout:
    reduce = staticmethod(jax.lax.psum)

    def __init__(self, node_axis):
        self.node_axis = node_axis

    def pool(self, h):
        return self.reduce(h.sum(axis=1), self.node_axis)

    def __call__(self, h):
        per_graph = self.pool(h)
        return jax.lax.all_gather(per_graph, self.node_axis, to="reduced")


class MeanReadout(Readout):
    reduce = staticmethod(jax.lax.pmean)


READOUTS = {"sum": Readout, "mean": MeanReadout}


def inputs():
    rng = np.random.default_rng(5)
    return (rng.normal(size=(8, 32, MODEL["hidden"])).astype(np.float32),)


def main(node_feats, model=MODEL):
    mesh = jax.make_mesh((2, 4), (model["graph_axis"], model["node_axis"]))
    spec = P(model["graph_axis"], model["node_axis"], None)
    node_feats = jax.device_put(node_feats, NamedSharding(mesh, spec))
    readout = READOUTS[model["readout"]](model["node_axis"])
    out = P(None, model["graph_axis"], None, reduced={model["node_axis"]})
    return jax.shard_map(readout, mesh=mesh, in_specs=spec, out_specs=out)(node_feats)


if __name__ == "__main__":
    print(main(*inputs()))
